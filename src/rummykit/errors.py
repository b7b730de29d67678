"""The exceptions rummykit raises.

Every error is a :class:`RummyError`, and every error about bad input is
also a :class:`ValueError`, so callers may catch either.  Messages name the
input that was refused and the rule it broke.

>>> from rummykit import Card, InvalidCardError, RummyError
>>> try:
...     Card.parse("1x")
... except RummyError as error:
...     print(type(error).__name__, "-", error)
InvalidCardError - bad card '1x': unknown rank '1' (ranks are A 2-9 10|T J Q K)
"""

from __future__ import annotations

__all__ = [
    "IllegalActionError",
    "InvalidCardError",
    "InvalidMeldError",
    "InvalidOptionError",
    "InvalidStateError",
    "RummyError",
]


class RummyError(Exception):
    """The base class of every error rummykit raises on purpose.

    >>> issubclass(InvalidCardError, RummyError)
    True
    """


class InvalidCardError(RummyError, ValueError):
    """Card notation that cannot be read, or a card that is not in a deck.

    >>> from rummykit import Hand
    >>> Hand.parse("As 2s 1x")
    Traceback (most recent call last):
    ...
    rummykit.errors.InvalidCardError: bad card '1x' at position 3 of 'As 2s 1x': unknown rank '1' (ranks are A 2-9 10|T J Q K)
    """


class InvalidMeldError(RummyError, ValueError):
    """Cards that do not form a meld under the given rules.

    The message says which rule fails.

    >>> from rummykit import Meld, MeldRules
    >>> Meld.build("Qs Ks As", MeldRules())
    Traceback (most recent call last):
    ...
    rummykit.errors.InvalidMeldError: Qs Ks As is not a meld: not a set (ranks differ) and not a run (no window of 3 consecutive ranks holds them with ace low only, no wrap)
    """


class IllegalActionError(RummyError, ValueError):
    """An action that the rules do not allow in the current state.

    The state is left unchanged.  :attr:`action` is the refused action and
    :attr:`reason` names the rule.

    >>> error = IllegalActionError("discard Ks", "the card is not in the hand")
    >>> error.reason
    'the card is not in the hand'
    >>> str(error)
    'illegal action discard Ks: the card is not in the hand'
    """

    def __init__(self, action: object, reason: str) -> None:
        self.action = action
        self.reason = reason
        super().__init__(f"illegal action {action}: {reason}")


class InvalidOptionError(RummyError, ValueError):
    """A bad argument or option value: an unknown variant or option, an
    option out of its range, or options that do not fit together.

    Nothing is created and nothing changes.

    >>> raise InvalidOptionError("stake must be at least 0, not -1")
    Traceback (most recent call last):
    ...
    rummykit.errors.InvalidOptionError: stake must be at least 0, not -1
    """


class InvalidStateError(RummyError, ValueError):
    """A saved game or state that is inconsistent and is refused whole.

    >>> raise InvalidStateError("the cards do not add up to the deck")
    Traceback (most recent call last):
    ...
    rummykit.errors.InvalidStateError: the cards do not add up to the deck
    """
