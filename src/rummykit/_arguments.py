"""Checks of argument values shared by the engine, the variants and the match.

Each refuses a bad value with :class:`~rummykit.errors.InvalidOptionError`,
naming the argument, the range it must lie in and (cut short) the value.

>>> whole_number("max_hands", 0, 1, 10)
Traceback (most recent call last):
...
rummykit.errors.InvalidOptionError: max_hands must be a whole number from 1 to 10, not 0
"""

from __future__ import annotations

import random

from rummykit.errors import InvalidOptionError, quoted

__all__ = [
    "MAX_COUNT",
    "MAX_HANDS",
    "MAX_MELD",
    "MAX_POINTS",
    "MAX_RUN",
    "MAX_SECONDS",
    "MAX_SEED",
    "check_instance",
    "check_rng",
    "check_seed",
    "whole_number",
]

#: The largest seed, deal chance or match seed: what a saved game can hold.
MAX_SEED = 2**63 - 1

#: The most hands a match may be limited to.
MAX_HANDS = 10**6

#: The most points any points option (a knock limit, a penalty, a cap, a
#: target) may be: far above every rule set's values, and small enough that
#: no sum of them grows without bound.
MAX_POINTS = 10_000

#: The longest timer, in seconds: a day.
MAX_SECONDS = 86_400

#: The most of anything counted per hand (lapses, stock turnovers, melds).
MAX_COUNT = 100

#: The longest run: every rank once, with the ace low and high.
MAX_RUN = 14

#: The most cards a set or any meld may hold: every copy of a rank in three
#: decks and eight printed jokers.
MAX_MELD = 20


def whole_number(
    name: str,
    value: object,
    low: int,
    high: int | None = None,
    *,
    optional: bool = False,
) -> int | None:
    """``value`` if it is a whole number from ``low`` to ``high`` (``None``
    for no upper bound), or ``None`` when ``optional``; booleans are refused.

    >>> whole_number("dealer", 2, 0, 3)
    2
    >>> whole_number("players", True, 2, 6)
    Traceback (most recent call last):
    ...
    rummykit.errors.InvalidOptionError: players must be a whole number from 2 to 6, not True
    """
    if optional and value is None:
        return None
    if (
        not isinstance(value, int)
        or isinstance(value, bool)
        or value < low
        or (high is not None and value > high)
    ):
        limit = f"of at least {low}" if high is None else f"from {low} to {high}"
        extra = " or None" if optional else ""
        raise InvalidOptionError(
            f"{name} must be a whole number {limit}{extra}, not {quoted(value)}"
        )
    return value


def check_instance(
    name: str, value: object, kind: type, *, optional: bool = True
) -> None:
    """Refuse ``value`` unless it is a ``kind`` (or ``None`` when ``optional``).

    >>> check_instance("rules", "ace high", int)
    Traceback (most recent call last):
    ...
    rummykit.errors.InvalidOptionError: rules must be a int or None, not 'ace high'
    """
    if not (isinstance(value, kind) or (optional and value is None)):
        extra = " or None" if optional else ""
        raise InvalidOptionError(
            f"{name} must be a {kind.__name__}{extra}, not {quoted(value)}"
        )


def check_seed(name: str, value: object) -> int | None:
    """A seed: ``None`` or a whole number from 0 to :data:`MAX_SEED`.

    >>> check_seed("seed", [1])
    Traceback (most recent call last):
    ...
    rummykit.errors.InvalidOptionError: seed must be a whole number from 0 to 9223372036854775807 or None, not [1]
    """
    return whole_number(name, value, 0, MAX_SEED, optional=True)


def check_rng(value: object) -> random.Random | None:
    """``None`` or a :class:`random.Random` (a ``SystemRandom`` is one too).

    >>> check_rng(7)
    Traceback (most recent call last):
    ...
    rummykit.errors.InvalidOptionError: rng must be a random.Random or None, not 7
    """
    if value is not None and not isinstance(value, random.Random):
        raise InvalidOptionError(
            f"rng must be a random.Random or None, not {quoted(value)}"
        )
    return value
