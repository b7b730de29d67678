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

import reprlib

__all__ = [
    "AgentError",
    "IllegalActionError",
    "InvalidCardError",
    "InvalidMeldError",
    "InvalidOptionError",
    "InvalidStateError",
    "RummyError",
]

#: The most characters of an input an error message quotes.
QUOTE_LIMIT = 80


def quoted(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)``, cut to at most ``limit`` characters, for messages.

    Error messages quote the input they refuse, but never a whole large
    input: a message stays short whatever the caller sent, and a huge or
    deeply nested input is never formatted whole.

    >>> quoted("As 2s")
    "'As 2s'"
    >>> quoted("x" * 1000, limit=12)
    "'xxxxxxxx..."
    >>> quoted(list(range(10**6)))
    '[0, 1, 2, 3, 4, 5, ...]'
    """
    try:
        text = _REPR.repr(value)
    except Exception:
        text = f"<a {type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _shown(value: object, limit: int = 2 * QUOTE_LIMIT) -> str:
    """``str(value)`` for rummykit's own values (an action reads as
    ``discard Ks``), a short ``repr`` for anything else; cut to ``limit``."""
    if isinstance(value, str):
        text = value[: limit + 1]
    elif type(value).__module__.startswith("rummykit."):
        try:
            text = str(value)
        except Exception:
            text = f"<a {type(value).__name__}>"
    else:
        text = quoted(value, limit)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _short_repr() -> reprlib.Repr:
    short = reprlib.Repr()
    short.maxlevel = 3
    short.maxstring = QUOTE_LIMIT
    short.maxother = QUOTE_LIMIT
    short.maxlong = QUOTE_LIMIT
    return short


_REPR = _short_repr()


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
        super().__init__(f"illegal action {_shown(action)}: {reason}")


class InvalidOptionError(RummyError, ValueError):
    """A bad argument or option value: an unknown variant or option, an
    option out of its range, or options that do not fit together; a bad
    number of players, dealer, seed or seat.

    Nothing is created and nothing changes.

    >>> from rummykit import get_variant
    >>> get_variant("classic").new_game(players=9)
    Traceback (most recent call last):
    ...
    rummykit.errors.InvalidOptionError: ClassicRummy seats 2 to 6 players, not 9
    """


class InvalidStateError(RummyError, ValueError):
    """A saved game or state that is inconsistent and is refused whole.

    >>> raise InvalidStateError("the cards do not add up to the deck")
    Traceback (most recent call last):
    ...
    rummykit.errors.InvalidStateError: the cards do not add up to the deck
    """


class AgentError(RummyError, ValueError):
    """A bot in its own process failed to give a legal answer in time.

    Raised by :class:`~rummykit.agents.ProcessAgent`: the bot did not answer
    within its timeout, wrote something that is not a legal action (bad
    JSON, an unknown action, an action that is not legal now), wrote too
    much, or its process ended.  The bot's process is stopped first.

    >>> raise AgentError("bot 'python -m mybot' did not answer within 10 s")
    Traceback (most recent call last):
    ...
    rummykit.errors.AgentError: bot 'python -m mybot' did not answer within 10 s
    """
