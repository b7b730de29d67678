"""The hooks through which a rule set drives the generic engine.

The engine knows turns, piles, phases, card movement, stock exhaustion,
claim windows, timers and lapses.  A rule set subclasses :class:`RuleSet`
and overrides the hooks it needs; the defaults describe a plain draw-and-
discard game.  The engine never asks which rule set it runs.

How a new variant plugs in, in short:

- the deck, the deal size and the meld rules (:meth:`RuleSet.deck_spec`,
  :meth:`RuleSet.cards_per_player`, :meth:`RuleSet.meld_rules_for`);
- what else may be done at the start of a turn and after the draw
  (:meth:`RuleSet.turn_start_actions`, :meth:`RuleSet.play_actions`), with
  :meth:`RuleSet.check_action` and :meth:`RuleSet.apply_action` for those
  actions;
- which discards are allowed (:meth:`RuleSet.discard_reason`), whether the
  discard pile may be taken (:meth:`RuleSet.take_discard_reason`) and the
  stock drawn from (:meth:`RuleSet.draw_stock_reason`), and what a draw
  leads to (:meth:`RuleSet.after_draw`);
- what a discard opens (:meth:`RuleSet.after_discard`), what an empty hand
  means (:meth:`RuleSet.on_empty_hand`), and how the stock is renewed
  (:meth:`RuleSet.stock_policy`);
- the timers and their fallbacks (:meth:`RuleSet.timer`);
- the variant's own facts about a hand, such as who has melded or who
  declared, in :attr:`State.extra`: a frozen value of the variant's own type,
  made at the deal by :meth:`RuleSet.new_extra`, carried into each turn by
  :meth:`RuleSet.next_turn_extra`, and changed by the variant's own
  transitions with :func:`attrs.evolve`.  A new variant adds facts there,
  without touching the engine.

>>> from rummykit.engine import StockPolicy
>>> StockPolicy.TURN_OVER.value
'turn_over'
"""

from __future__ import annotations

import random
from collections.abc import Collection
from enum import StrEnum, unique
from typing import TYPE_CHECKING

import attrs

from rummykit.cards import Card, DeckSpec
from rummykit.engine.outcome import Outcome, Termination
from rummykit.melds import MeldRules
from rummykit.partition import PointValues

if TYPE_CHECKING:  # pragma: no cover
    from rummykit.engine.actions import Action
    from rummykit.engine.state import State
    from rummykit.engine.views import TimerSpec

__all__ = ["HAND_ACTION_LIMIT", "RuleSet", "StockPolicy"]

HAND_ACTION_LIMIT = 5_000
"""The most actions a hand may take, by default, before the engine ends it
with :attr:`~rummykit.engine.Termination.ACTION_LIMIT` and no score.

Real hands take far fewer (a few hundred at most for random players); the cap
only stops hands that would loop for ever, so that automated play (such as
:func:`~rummykit.agents.play_hand`, :func:`~rummykit.agents.play_match` and
``rummykit simulate``) always ends.  A rule set changes it with
:meth:`RuleSet.action_limit`.

>>> HAND_ACTION_LIMIT
5000
"""


@unique
class StockPolicy(StrEnum):
    """What happens when a player would draw from an empty stock.

    >>> StockPolicy("block") is StockPolicy.BLOCK
    True
    """

    TURN_OVER = "turn_over"
    """The discard pile, turned over without shuffling, becomes the stock:
    the first card discarded is the new top."""
    TURN_OVER_THEN_FLIP = "turn_over_then_flip"
    """As TURN_OVER, then the new stock's top card starts a fresh pile."""
    SHUFFLE = "shuffle"
    """The whole pile is shuffled to form the stock."""
    RESHUFFLE_KEEP_TOP = "reshuffle_keep_top"
    """The pile less its top card is shuffled to form the stock."""
    BLOCK = "block"
    """The hand ends; the lowest hand collects the differences."""
    LOWEST_POINTS = "lowest_points"
    """The hand ends; the lowest hand wins and the others pay their points."""
    VOID = "void"
    """The hand ends with no score."""


@attrs.frozen
class RuleSet:
    """The engine's view of a rule set: hooks with plain defaults.

    >>> from rummykit import get_variant
    >>> isinstance(get_variant("classic"), RuleSet)
    True
    """

    # -- setup -----------------------------------------------------------------

    def deck_spec(self) -> DeckSpec:
        """The full deck."""
        raise NotImplementedError

    def cards_per_player(self, players: int) -> int:
        """Cards dealt to each of ``players`` players.

        :raises InvalidOptionError: if the table does not seat that many.
        """
        raise NotImplementedError

    def meld_rules_for(self, state: State) -> MeldRules:
        """The meld rules in force (they may depend on the hand)."""
        raise NotImplementedError

    def points_for(self, state: State) -> PointValues:
        """What unmelded cards score."""
        raise NotImplementedError

    def after_deal(self, state: State) -> State:
        """Finish the deal once the hands are dealt: by default turn the stock's
        top card up to start the discard pile."""
        card = state.stock[-1]
        return state.evolve(stock=state.stock[:-1], pile=(card,))

    def first_player(self, state: State) -> int:
        """Who plays first: by default the dealer's left."""
        return state.next_active(state.dealer)

    def choose_dealer(self, rng: random.Random, players: int) -> int:
        """The first dealer when none is given: by default a random seat."""
        return rng.randrange(players)

    def new_extra(self, players: int) -> object:
        """The variant's own facts at the deal (:attr:`State.extra`): a frozen
        value of the variant's own type; by default ``None``, for none."""
        return None

    def play_direction(self) -> int:
        """1 if play passes clockwise (to the next seat), -1 if anticlockwise."""
        return 1

    # -- the turn ----------------------------------------------------------------

    def turn_start_actions(self, state: State) -> list[Action]:
        """Actions besides drawing at the start of a turn (knock, drop, ...)."""
        return []

    def play_actions(self, state: State) -> list[Action]:
        """Actions besides discarding after the draw (melds, lay-offs, ...)."""
        return []

    def next_turn_extra(self, state: State, seat: int) -> object:
        """The variant's own facts as ``seat``'s turn begins: by default
        :attr:`State.extra` unchanged."""
        return state.extra

    def arranged(self, state: State, seat: int) -> tuple[tuple[Card, ...], ...]:
        """The groups ``seat`` has arranged but not shown, for that seat's view
        only; by default none."""
        return ()

    def take_discard_reason(self, state: State) -> str | None:
        """Why the top discard may not be taken now, or ``None`` if it may."""
        return None

    def draw_stock_reason(self, state: State) -> str | None:
        """Why the stock may not be drawn from now, or ``None`` if it may.

        The engine itself refuses a draw from an empty stock that cannot be
        renewed; this hook adds the rule set's own reasons (a card offered
        first, cards that must stay in the stock).
        """
        return None

    def after_draw(self, state: State) -> State:
        """What a draw leads to: by default the drawer's play, unchanged."""
        return state

    def discard_reason(self, state: State, card: Card) -> str | None:
        """Why ``card`` may not be discarded now, or ``None`` if it may."""
        return None

    def refused_discards(self, state: State) -> Collection[Card] | None:
        """The cards that :meth:`discard_reason` refuses now, all at once;
        ``None`` to have it asked card by card.  Cards not in the current
        hand may be named too: they are not discards anyway.

        Listing legal actions uses it, so that a rule set whose refusals are
        few and known (the card just taken, say) lists its discards without a
        call per card.  An override must agree with :meth:`discard_reason`,
        card by card.  By default: nothing, if :meth:`discard_reason` is not
        overridden, and ``None`` if it is.

        >>> from rummykit import get_variant
        >>> state = get_variant("classic").new_game(players=2, seed=0)
        >>> RuleSet().refused_discards(state)
        ()
        """
        if type(self).discard_reason is RuleSet.discard_reason:
            return ()
        return None

    def check_action(self, state: State, action: Action) -> str | None:
        """Why a variant action is illegal, or ``None``; unknown actions are illegal."""
        return f"{type(action).__name__} is not an action of this game"

    def apply_action(self, state: State, action: Action) -> State:
        """Carry out a variant action that :meth:`check_action` allowed."""
        raise NotImplementedError

    def after_discard(self, state: State) -> State:
        """What a discard leads to: by default the next player's turn."""
        return state.next_turn()

    def claimants(self, state: State) -> tuple[int, ...]:
        """Seats offered a claim window after a discard, in order; by default none."""
        return ()

    def can_claim(self, state: State, seat: int) -> bool:
        """Whether ``seat`` may claim in the open claim window."""
        return False

    def apply_claim(self, state: State) -> State:
        """Carry out the current seat's claim."""
        raise NotImplementedError

    def after_claims(self, state: State) -> State:
        """What follows a claim window that everyone passed: the next turn."""
        return state.next_turn(after=state.turn)

    def on_empty_hand(self, state: State) -> State:
        """What a player emptying their hand means; by default nothing special."""
        return state

    # -- the stock and the clock --------------------------------------------------

    def stock_policy(self) -> StockPolicy:
        """How the stock is renewed when it runs out."""
        return StockPolicy.TURN_OVER

    def turnover_limit(self) -> int | None:
        """End the hand when the stock runs out after this many renewals."""
        return None

    def action_limit(self) -> int | None:
        """The most actions a hand may take: :data:`HAND_ACTION_LIMIT` by
        default; ``None`` for no cap (automated play may then never end)."""
        return HAND_ACTION_LIMIT

    def end_on_action_limit(self, state: State) -> State:
        """End a hand that reached :meth:`action_limit`: by default with no
        winner, no score and no payment."""
        return state.end(
            Outcome(
                termination=Termination.ACTION_LIMIT,
                winners=(),
                points=(0,) * state.players,
                note=f"the hand reached the cap of {len(state.actions)} actions",
            )
        )

    def end_on_exhaustion(self, state: State, policy: StockPolicy) -> State:
        """End the hand when the stock runs out under an ending policy."""
        raise NotImplementedError

    def timer(self, state: State) -> TimerSpec | None:
        """The timer on the pending decision, if any."""
        return None

    def lapse_limit(self) -> int | None:
        """Timed-out decisions that make a player drop; ``None`` for no limit."""
        return None
