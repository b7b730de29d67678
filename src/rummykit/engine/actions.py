"""Actions, phases and the events a game's history records.

Every action is a small frozen value a frontend can display; ``str()`` gives
a short readable form.  Which actions are legal in a state, and what they
do, is the business of :class:`~rummykit.engine.State` and the variant.

>>> from rummykit import Card
>>> str(Discard(Card("Kd"))), str(DrawStock()), str(LayOff((Card("Jh"),), target=0))
('discard Kd', 'draw from the stock', 'lay off Jh on meld 0')
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Iterable
from enum import StrEnum, unique
from typing import Any

import attrs

from rummykit.cards import Card, parse_cards
from rummykit.errors import InvalidCardError, InvalidOptionError, quoted

__all__ = [
    "Action",
    "Claim",
    "Declare",
    "DeclareGin",
    "Discard",
    "DrawDiscard",
    "DrawStock",
    "Drop",
    "Event",
    "FaceDownDeclare",
    "Knock",
    "LayMeld",
    "LayOff",
    "Pass",
    "Phase",
    "Show",
    "Timeout",
]


@unique
class Phase(StrEnum):
    """Where a hand stands: whose decision is pending, and of what kind.

    >>> Phase.DRAW.value
    'draw'
    """

    DRAW = "draw"
    """The start of a turn: draw (or knock, drop, ...)."""
    PLAY = "play"
    """After the draw: meld, lay off, declare, discard."""
    CLAIM = "claim"
    """A claim window after a discard: each offered player claims or passes."""
    SHOW = "show"
    """The players lay out their groupings in turn: after an Indian Rummy
    declaration, or a knock in Gin Rummy or (scoring as arranged) Rumino."""
    ENDED = "ended"
    """The hand is over; :attr:`~rummykit.engine.State.outcome` says how."""
    BETWEEN_HANDS = "between_hands"
    """A match decision between hands, such as a re-buy."""


def _card(card: Card | str) -> Card:
    return card if isinstance(card, Card) else Card.parse(card)


def _cards(cards: Iterable[Card | str] | str) -> tuple[Card, ...]:
    if isinstance(cards, str):
        return parse_cards(cards)
    if not isinstance(cards, Iterable):
        raise InvalidCardError(f"bad cards {quoted(cards)}: expected notation or cards")
    return tuple(_card(card) for card in cards)


def _groups(
    groups: Iterable[Iterable[Card | str] | str],
) -> tuple[tuple[Card, ...], ...]:
    if not isinstance(groups, Iterable):
        raise InvalidCardError(
            f"bad groups {quoted(groups)}: expected a list of groups of cards"
        )
    return tuple(_cards(group) for group in groups)


def _seat_number(
    instance: object, attribute: attrs.Attribute[int], value: object
) -> None:
    """Refuse a field that is not a whole number (booleans included)."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise InvalidOptionError(
            f"{type(instance).__name__}.{attribute.name} must be a whole number, "
            f"not {quoted(value)}"
        )


def _names(cards: Iterable[Card]) -> str:
    return " ".join(map(str, cards))


def _call_form(kind: type) -> str:
    """How ``kind`` is called, such as ``LayOff(cards, *, target)``."""
    parts: list[str] = []
    starred = False
    for field in attrs.fields(kind):
        if not field.init:
            continue
        if field.kw_only and not starred:
            parts.append("*")
            starred = True
        optional = field.default is not attrs.NOTHING
        parts.append(f"{field.alias}=..." if optional else field.alias)
    return f"{kind.__name__}({', '.join(parts)})"


def _argument_reason(
    kind: type, args: tuple[object, ...], kwargs: dict[str, Any]
) -> str:
    """Why ``kind(*args, **kwargs)`` cannot bind, in the words of the action."""
    fields = [field for field in attrs.fields(kind) if field.init]
    if not fields:
        return f"{kind.__name__} takes no arguments, as in {kind.__name__}()"
    positional = [field.alias for field in fields if not field.kw_only]
    given = set(positional[: len(args)]) | set(kwargs)
    missing = [
        repr(field.alias)
        for field in fields
        if field.default is attrs.NOTHING and field.alias not in given
    ]
    unknown = [repr(name) for name in kwargs if name not in {f.alias for f in fields}]
    reasons = []
    if missing:
        reasons.append(f"needs its {' and '.join(missing)}")
    if unknown:
        reasons.append(f"has no {' or '.join(unknown)}")
    if len(args) > len(positional):
        count = len(positional)
        reasons.append(
            f"takes {count} positional argument{'' if count == 1 else 's'}, "
            f"not {len(args)}"
        )
    return f"{kind.__name__} {', and '.join(reasons)}, as in {_call_form(kind)}"


def _explain_arguments(kind: type) -> None:
    """Make ``kind(...)`` with missing, extra or unknown arguments raise
    :class:`InvalidOptionError` saying what the action takes, not the
    ``TypeError`` of its generated ``__init__``."""
    init: Callable[..., None] = kind.__dict__["__init__"]
    signature = inspect.signature(init)

    @functools.wraps(init)
    def __init__(self: object, *args: object, **kwargs: Any) -> None:
        try:
            init(self, *args, **kwargs)
        except TypeError:
            try:
                signature.bind(self, *args, **kwargs)
            except TypeError:
                raise InvalidOptionError(_argument_reason(kind, args, kwargs)) from None
            raise

    __init__.explains_arguments = True  # type: ignore[attr-defined]
    setattr(kind, "__init__", __init__)  # noqa: B010


@attrs.frozen
class Action:
    """The base of every action.

    An action made with missing or unknown arguments raises
    :class:`~rummykit.errors.InvalidOptionError` saying what it takes:

    >>> isinstance(DrawStock(), Action)
    True
    >>> Discard()
    Traceback (most recent call last):
    ...
    rummykit.errors.InvalidOptionError: Discard needs its 'card', as in Discard(card)
    """

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # attrs calls this again for the class it builds, with its __init__
        init = cls.__dict__.get("__init__")
        if init is not None and not getattr(init, "explains_arguments", False):
            _explain_arguments(cls)

    def public(self) -> Action:
        """The action as the other players see it; most actions hide nothing.

        >>> DrawStock().public()
        DrawStock()
        """
        return self


@attrs.frozen
class DrawStock(Action):
    """Draw the top card of the stock (turning the pile over first if the
    variant does that when the stock is empty).

    >>> DrawStock() == DrawStock()
    True
    """

    def __str__(self) -> str:
        return "draw from the stock"


@attrs.frozen
class DrawDiscard(Action):
    """Take the top card of the discard pile.

    >>> str(DrawDiscard())
    'take the discard'
    """

    def __str__(self) -> str:
        return "take the discard"


@attrs.frozen
class Discard(Action):
    """Discard ``card`` face up onto the pile, ending the turn.

    >>> Discard(Card("Qs")).card
    Card('Qs')
    """

    card: Card = attrs.field(converter=_card)
    """The card to discard."""

    def __str__(self) -> str:
        return f"discard {self.card}"


@attrs.frozen
class LayMeld(Action):
    """Lay ``cards`` on the table as a new meld.

    >>> str(LayMeld("7c 8c 9c"))
    'meld 7c 8c 9c'
    """

    cards: tuple[Card, ...] = attrs.field(converter=_cards)
    """The cards of the meld, from the player's hand."""

    def __str__(self) -> str:
        return f"meld {_names(self.cards)}"


@attrs.frozen
class LayOff(Action):
    """Add ``cards`` from the hand to the table meld numbered ``target``.

    >>> LayOff("Jh Qh", target=2).target
    2
    """

    cards: tuple[Card, ...] = attrs.field(converter=_cards)
    """The cards to add."""
    target: int = attrs.field(kw_only=True, validator=_seat_number)
    """The index of the meld in :attr:`~rummykit.engine.State.table`."""

    def __str__(self) -> str:
        return f"lay off {_names(self.cards)} on meld {self.target}"


@attrs.frozen
class Knock(Action):
    """Knock: end the hand, everyone scoring their deadwood.

    Where a knock follows the draw, ``discard`` is the card thrown with it.

    >>> str(Knock()), str(Knock(Card("9c")))
    ('knock', 'knock, discarding 9c')
    """

    discard: Card | None = attrs.field(
        default=None, converter=attrs.converters.optional(_card)
    )
    """The card discarded with a knock after the draw, if any."""

    def __str__(self) -> str:
        return "knock" if self.discard is None else f"knock, discarding {self.discard}"


@attrs.frozen
class DeclareGin(Action):
    """Declare gin: meld every card but ``discard``, which is discarded.

    >>> str(DeclareGin(Card("Kc")))
    'gin, discarding Kc'
    """

    discard: Card = attrs.field(converter=_card)
    """The spare card, discarded."""

    def __str__(self) -> str:
        return f"gin, discarding {self.discard}"


@attrs.frozen
class Claim(Action):
    """Claim the card just discarded, in a claim window.

    >>> str(Claim())
    'claim'
    """

    def __str__(self) -> str:
        return "claim"


@attrs.frozen
class Pass(Action):
    """Decline a claim window.

    >>> str(Pass())
    'pass'
    """

    def __str__(self) -> str:
        return "pass"


@attrs.frozen
class Drop(Action):
    """Drop out of the hand, paying the drop penalty.

    >>> str(Drop())
    'drop'
    """

    def __str__(self) -> str:
        return "drop"


@attrs.frozen
class Declare(Action):
    """Declare: place ``finish`` face down and show ``groups``, every other card.

    >>> action = Declare("Kd", ["3h 4h 5h", "Qs Qh Qd"])
    >>> str(action)
    'declare with finish card Kd: [3h 4h 5h] [Qs Qh Qd]'
    """

    finish: Card = attrs.field(converter=_card)
    """The finish card, placed face down."""
    groups: tuple[tuple[Card, ...], ...] = attrs.field(converter=_groups)
    """The grouping of the remaining cards into melds."""

    def __str__(self) -> str:
        shown = " ".join(f"[{_names(group)}]" for group in self.groups)
        return f"declare with finish card {self.finish}: {shown}"

    def public(self) -> Action:
        """The declaration as the others see it: the finish card stays face down.

        >>> str(Declare("Kd", ["3h 4h 5h"]).public())
        'declare (finish card face down): [3h 4h 5h]'
        """
        return FaceDownDeclare(self.groups)


@attrs.frozen
class FaceDownDeclare(Action):
    """A declaration as the other players see it: the groups, not the finish card.

    It appears only in views; players never apply it.

    >>> FaceDownDeclare(["3h 4h 5h"]).groups[0][0]
    Card('3h')
    """

    groups: tuple[tuple[Card, ...], ...] = attrs.field(converter=_groups)
    """The grouping shown with the declaration."""

    def __str__(self) -> str:
        shown = " ".join(f"[{_names(group)}]" for group in self.groups)
        return f"declare (finish card face down): {shown}"


@attrs.frozen
class Show(Action):
    """Show a grouping after someone's declaration; ungrouped cards are deadwood.

    >>> str(Show(["As 2s 3s"], deadwood="Kd 9c"))
    'show [As 2s 3s], deadwood Kd 9c'
    """

    groups: tuple[tuple[Card, ...], ...] = attrs.field(converter=_groups)
    """The melds the player shows."""
    deadwood: tuple[Card, ...] = attrs.field(default=(), converter=_cards, kw_only=True)
    """The cards left out of the melds."""

    def __str__(self) -> str:
        shown = " ".join(f"[{_names(group)}]" for group in self.groups) or "no melds"
        return f"show {shown}, deadwood {_names(self.deadwood) or 'none'}"


@attrs.frozen
class Timeout(Action):
    """The host's report that the timer of decision ``decision_id`` ran out.

    The variant's fallback for that decision is then applied
    deterministically.  A stale ``decision_id`` (the player acted first) is
    refused.

    >>> str(Timeout(4))
    'timeout of decision 4'
    """

    decision_id: int = attrs.field(validator=_seat_number)
    """The :attr:`~rummykit.engine.PendingDecision.decision_id` that timed out."""

    def __str__(self) -> str:
        return f"timeout of decision {self.decision_id}"


@attrs.frozen
class Event:
    """One entry of a hand's history: who did what, and the card it moved.

    ``card`` is the card drawn, taken or discarded; for a draw from the stock
    only the drawer may see it, and views hide it from everyone else.

    >>> event = Event(player=1, action=DrawStock(), card=Card("4c"))
    >>> str(event)
    'player 1: draw from the stock (4c)'
    """

    player: int
    """The seat that acted."""
    action: Action
    """What they did."""
    card: Card | None = None
    """The card the action moved, if one."""
    private: bool = False
    """Whether ``card`` is hidden from the other players."""

    def __str__(self) -> str:
        card = "" if self.card is None else f" ({self.card})"
        return f"player {self.player}: {self.action}{card}"

    def censored(self) -> Event:
        """This event as the other players see it.

        >>> Event(player=0, action=DrawStock(), card=Card("4c"), private=True).censored().card is None
        True
        """
        if not self.private:
            return self
        # attrs.evolve without its generic path: views censor every hidden draw
        return type(self)(
            player=self.player, action=self.action.public(), card=None, private=True
        )
