"""What one player may see, and the decision pending with its timer.

Frontends and bots work from a :class:`PlayerView`, never from a
:class:`~rummykit.engine.State`: a view holds the player's own hand, the
other hands' sizes, the discard pile, the public history (a card drawn from
the stock shows only to its drawer), the table, the stock's size, and the
pending decision.  Two states that differ only in what the player cannot
see give equal views; the test suite checks it.
"""

from __future__ import annotations

from enum import StrEnum, unique
from typing import TYPE_CHECKING

import attrs

from rummykit.cards import Card, Hand, Rank
from rummykit.engine.actions import Action, Event, Phase
from rummykit.engine.outcome import Outcome
from rummykit.melds import Meld

if TYPE_CHECKING:  # pragma: no cover
    from rummykit.engine.rules import RuleSet

__all__ = ["Expiry", "PendingDecision", "PlayerView", "TableMeld", "TimerSpec"]


@unique
class Expiry(StrEnum):
    """What happens when a decision's timer runs out.

    >>> Expiry.AUTO_DISCARD.value
    'auto_discard'
    """

    AUTO_DRAW_STOCK_THEN_DISCARD_DRAWN = "auto_draw_stock_then_discard_drawn"
    """Draw from the stock, then discard the card drawn (or as AUTO_DISCARD)."""
    AUTO_DISCARD = "auto_discard"
    """Discard the drawn card if allowed, otherwise the costliest unmelded card."""
    AUTO_DROP = "auto_drop"
    """Drop out of the hand, with its penalty."""
    FREEZE_ARRANGEMENT = "freeze_arrangement"
    """Show the cards as they are arranged now (unarranged cards are deadwood)."""
    AUTO_ARRANGE_OPTIMAL = "auto_arrange_optimal"
    """Show the optimal grouping."""
    PASS = "pass"
    """Decline (a claim window)."""


@attrs.frozen(kw_only=True)
class TimerSpec:
    """The timer on a pending decision, as metadata for the host.

    The library reads no clock: the host counts ``seconds`` and applies a
    :class:`~rummykit.engine.Timeout` when they run out.

    >>> TimerSpec(name="move", seconds=15, on_expiry=Expiry.AUTO_DISCARD).counts_as_lapse
    True
    """

    name: str
    """Which timer: ``"move"``, ``"turn"`` (Indian Rummy's per-turn timer),
    ``"meld"``, ``"show"`` (Rumino's), ``"claim"``."""
    seconds: int
    """How long the host should wait."""
    on_expiry: Expiry
    """What the library does when the host reports a timeout."""
    counts_as_lapse: bool = True
    """Whether a timeout adds a lapse to the player's count."""


@attrs.frozen(kw_only=True)
class PendingDecision:
    """The decision a state waits for: whose, of what kind, and its timer.

    ``decision_id`` changes whenever a new decision is pending (a new phase,
    or another seat to act), so a :class:`Timeout` for an older decision is
    refused.  Actions within one decision, such as melds and lay-offs before
    the discard or arranging cards during a show, keep it, so they do not
    restart the decision's timer.

    >>> PendingDecision(decision_id=3, player=1, phase=Phase.DRAW).timer is None
    True
    """

    decision_id: int
    """Counts decisions in the hand; the host quotes it in a timeout."""
    player: int
    """The seat that must decide."""
    phase: Phase
    """What kind of decision it is."""
    timer: TimerSpec | None = None
    """The timer, if the variant has one for this decision."""


@attrs.frozen(kw_only=True)
class TableMeld:
    """A meld on the table and the seat that laid it.

    >>> TableMeld(owner=1, meld=Meld.build("7c 8c 9c")).owner
    1
    """

    owner: int
    """The seat that laid the meld (lay-offs by others do not change it)."""
    meld: Meld
    """The meld as it stands, lay-offs included."""

    def __str__(self) -> str:
        return str(self.meld)


@attrs.frozen(kw_only=True)
class PlayerView:
    """Everything one player may see of a state, and nothing else.

    >>> from rummykit import get_variant
    >>> view = get_variant("classic").new_game(players=2, seed=1).view(1)
    >>> view.player, len(view.hand), view.hand_sizes, view.stock_size
    (1, 10, (10, 10), 31)
    """

    player: int
    """The seat this view is for."""
    rules: RuleSet
    """The variant being played, with its options (public knowledge)."""
    players: int
    """The number of seats."""
    dealer: int
    """The dealer's seat."""
    hand: Hand
    """The player's own cards."""
    hand_sizes: tuple[int, ...]
    """How many cards each seat holds."""
    active: tuple[bool, ...]
    """Which seats are still in the hand."""
    pile: tuple[Card, ...]
    """The discard pile, bottom first (its last card is the top)."""
    stock_size: int
    """How many cards the stock holds."""
    table: tuple[TableMeld, ...]
    """The melds on the table."""
    history: tuple[Event, ...]
    """The public history, with the player's own stock draws shown."""
    wild_rank: Rank | None
    """The hand's wild rank, if any."""
    indicator: Card | None
    """The face-up card that set the wild rank, if any."""
    phase: Phase
    """The phase of the hand."""
    current_player: int | None
    """Whose decision is pending, or ``None`` once the hand is over."""
    decision: PendingDecision | None
    """The pending decision and its timer."""
    legal_actions: tuple[Action, ...]
    """The player's legal actions, if the decision is theirs; otherwise empty."""
    lapses: tuple[int, ...]
    """Timed-out decisions per seat."""
    shown: tuple[Hand | None, ...]
    """Hands made public (at a show or the end of the hand); ``None`` if hidden.
    A hand that left play unseen (an Indian Rummy drop) stays ``None``."""
    arranged: tuple[tuple[Card, ...], ...] = ()
    """The player's own arrangement during a show (what a timeout would freeze)."""
    outcome: Outcome | None
    """How the hand ended, once it has."""


_VIEW_SETTERS = tuple(
    PlayerView.__dict__[field.name].__set__ for field in attrs.fields(PlayerView)
)
"""How each of :class:`PlayerView`'s slots is set, in the order of its fields."""


def _new_view(*values: object) -> PlayerView:
    """The :class:`PlayerView` with ``values``, given in the order of its fields.

    Views are built at every step of a game, and the generated ``__init__``
    (keyword matching, then a frozen-class ``__setattr__`` per field) was
    most of their cost; this sets the slots directly, as unpickling does.
    Nothing is checked or converted, so the caller gives every field, in
    order.  The view is as frozen as any other.
    """
    view: PlayerView = object.__new__(PlayerView)
    for setter, value in zip(_VIEW_SETTERS, values, strict=True):
        setter(view, value)
    return view
