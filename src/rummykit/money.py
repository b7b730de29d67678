"""Exact money: amounts are :class:`~decimal.Decimal` values in whole cents.

Every money amount rummykit takes or gives (stakes, rake, drop penalties
paid in money, payments, pools, re-buys, match totals) is a
:class:`~decimal.Decimal` with two decimal places: ``Decimal("2.80")``, never
the float ``2.8000000000000003``.  Sums are exact, so every ledger adds up
to exactly zero: what the players pay equals what the players, the pool and
the house (the rake) receive.

Where an amount must be divided, the rule is fixed and documented:

* the rake is ``amount × rake_pct / 100`` **rounded down** to the cent, so the
  house never takes more than its percentage;
* a half rate (Indian Rummy's ``first_draw_half_rate``) is rounded down to
  the cent, so the payer never pays more than half;
* a shared pool is split into equal shares rounded down to the cent, and
  the cents left over go one each to the sharers in seat order (lowest
  seat first), so the pool is always paid out in full.

Amounts given to rummykit may be :class:`int`, :class:`~decimal.Decimal`,
decimal text such as ``"0.50"``, or a :class:`float` that is exactly a whole
number of cents when written out (``0.5``, ``2.25``).  Anything else (more
than two decimal places, NaN, infinity, a negative amount, an amount over
:data:`MAX_MONEY`, a ``bool``) is refused with :class:`InvalidMoneyError`.
In JSON, amounts are written as text (``"2.80"``) so no reader turns them
back into floats.

Arithmetic here never depends on the caller's :mod:`decimal` context.

>>> from rummykit.money import to_money, rake, split
>>> to_money(0.7), to_money("12"), to_money(3)
(Decimal('0.70'), Decimal('12.00'), Decimal('3.00'))
>>> rake(to_money(70), 4)
Decimal('2.80')
>>> split(to_money(10), 3)
(Decimal('3.34'), Decimal('3.33'), Decimal('3.33'))
"""

from __future__ import annotations

import decimal
from collections.abc import Iterable
from decimal import Decimal

from rummykit.errors import InvalidOptionError

__all__ = [
    "CENT",
    "MAX_MONEY",
    "MAX_SHARES",
    "ZERO",
    "InvalidMoneyError",
    "Money",
    "money_text",
    "percentage",
    "rake",
    "scale",
    "split",
    "to_money",
    "total",
]

#: Money is a :class:`~decimal.Decimal` with two decimal places.
Money = Decimal

#: The smallest amount: one cent.
CENT = Decimal("0.01")
#: Nothing, in money.
ZERO = Decimal("0.00")
#: The largest amount an option (a stake, a penalty) may hold: 10**12.
MAX_MONEY = Decimal(10**12)

# Exact arithmetic whatever the thread's context: with the largest precision
# additions and multiplications of finite amounts never round.
_EXACT = decimal.Context(
    prec=decimal.MAX_PREC,
    Emax=decimal.MAX_EMAX,
    Emin=decimal.MIN_EMIN,
    rounding=decimal.ROUND_DOWN,
    traps=[decimal.InvalidOperation, decimal.DivisionByZero, decimal.Overflow],
)


class InvalidMoneyError(InvalidOptionError):
    """An amount of money that is not a whole number of cents from 0 to
    :data:`MAX_MONEY`, or a percentage out of range.

    It is an :class:`~rummykit.errors.InvalidOptionError`, so also a
    :class:`~rummykit.errors.RummyError` and a :class:`ValueError`.

    >>> to_money(0.001, "stake")
    Traceback (most recent call last):
    ...
    rummykit.money.InvalidMoneyError: stake must be a whole number of cents (at most 2 decimal places), not 0.001
    """


def _quote(value: object) -> str:
    text = repr(value) if not isinstance(value, Decimal) else str(value)
    return text if len(text) <= 40 else text[:37] + "..."


#: The longest int an amount may be given as (longer ones are refused before
#: any conversion; every amount is below 10**61 anyway).
_MOST_BITS = 256


def _decimal(
    value: object, name: str, places: int, what: str = "a whole number of cents"
) -> Decimal:
    """``value`` as a finite Decimal with at most ``places`` decimal places
    (``what`` says what such a value is, for the error)."""
    if isinstance(value, bool) or not isinstance(value, int | float | str | Decimal):
        raise InvalidMoneyError(
            f"{name} must be a number (int, Decimal or decimal text), "
            f"not {type(value).__name__} {_quote(value)}"
        )
    if isinstance(value, str) and len(value) > 40:
        raise InvalidMoneyError(f"{name} is too long to be an amount: {_quote(value)}")
    if isinstance(value, int) and value.bit_length() > _MOST_BITS:
        raise InvalidMoneyError(f"{name} is a huge number ({value.bit_length()} bits)")
    try:
        # repr of a float is the shortest text that reads back as it: 0.1 -> "0.1".
        number = Decimal(repr(value)) if isinstance(value, float) else Decimal(value)
    except decimal.InvalidOperation:
        raise InvalidMoneyError(f"{name} is not a number: {_quote(value)}") from None
    if not number.is_finite():
        raise InvalidMoneyError(f"{name} must be finite, not {_quote(value)}")
    if number.adjusted() > 60:
        raise InvalidMoneyError(f"{name} is a huge number: {_quote(value)}")
    exponent = number.as_tuple().exponent
    assert isinstance(exponent, int)
    if exponent < -places and number != number.quantize(
        Decimal(1).scaleb(-places), context=_EXACT
    ):
        raise InvalidMoneyError(
            f"{name} must be {what} (at most {places} decimal places), "
            f"not {_quote(value)}"
        )
    return number


#: The most shares :func:`split` makes.
MAX_SHARES = 1000


def _operand(value: object, name: str) -> Decimal:
    """An argument of the arithmetic helpers (an amount already checked, or a
    whole factor) as a Decimal: a finite Decimal or an int, not too large.

    >>> _operand("2.80", "amount")
    Traceback (most recent call last):
    ...
    rummykit.money.InvalidMoneyError: amount must be a Decimal or an int, not str '2.80'
    """
    if isinstance(value, int) and not isinstance(value, bool):
        if value.bit_length() > _MOST_BITS:
            raise InvalidMoneyError(
                f"{name} is a huge number ({value.bit_length()} bits)"
            )
        value = Decimal(value)
    if isinstance(value, Decimal):
        if not value.is_finite() or value.adjusted() > 60:
            raise InvalidMoneyError(
                f"{name} must be a finite amount below 10**61, not {_quote(value)}"
            )
        return value
    raise InvalidMoneyError(
        f"{name} must be a Decimal or an int, not {type(value).__name__} {_quote(value)}"
    )


def to_money(
    value: object, name: str = "amount", *, maximum: Decimal | None = MAX_MONEY
) -> Decimal:
    """``value`` as money: a Decimal from 0 to ``maximum`` (:data:`MAX_MONEY`;
    ``None`` for any amount below 10**61) with two places.

    :raises InvalidMoneyError: naming ``name`` for anything else.

    >>> to_money("2.5"), to_money(Decimal("7.10"))
    (Decimal('2.50'), Decimal('7.10'))
    >>> to_money(-1, "stake")
    Traceback (most recent call last):
    ...
    rummykit.money.InvalidMoneyError: stake must be from 0 to 1000000000000, not -1
    >>> to_money(10**400, "stake")
    Traceback (most recent call last):
    ...
    rummykit.money.InvalidMoneyError: stake is a huge number (1329 bits)
    """
    number = _decimal(value, name, 2)
    if number < 0 or (maximum is not None and number > maximum):
        high = "" if maximum is None else f" to {maximum}"
        raise InvalidMoneyError(f"{name} must be from 0{high}, not {_quote(value)}")
    return number.quantize(CENT, context=_EXACT)


def percentage(value: object, name: str = "percentage") -> Decimal:
    """``value`` as a percentage from 0 up to (not including) 100, with at most
    two decimal places.

    :raises InvalidMoneyError: naming ``name`` for anything else.

    >>> percentage(4), percentage("2.5")
    (Decimal('4.00'), Decimal('2.50'))
    >>> percentage(100, "rake_pct")
    Traceback (most recent call last):
    ...
    rummykit.money.InvalidMoneyError: rake_pct must be a percentage from 0 to 100 (not 100), not 100
    """
    number = _decimal(value, name, 2, "a percentage")
    if not 0 <= number < 100:
        raise InvalidMoneyError(
            f"{name} must be a percentage from 0 to 100 (not 100), not {_quote(value)}"
        )
    return number.quantize(CENT, context=_EXACT)


def scale(amount: Decimal, factor: int | Decimal) -> Decimal:
    """``amount × factor``, rounded down to the cent (exact for a whole ``factor``).

    >>> scale(Decimal("0.25"), 37), scale(Decimal("0.25"), Decimal("0.5"))
    (Decimal('9.25'), Decimal('0.12'))
    """
    product = _EXACT.multiply(_operand(amount, "amount"), _operand(factor, "factor"))
    return product.quantize(CENT, context=_EXACT)


def rake(amount: Decimal, rake_pct: Decimal | int) -> Decimal:
    """The house's cut of ``amount``: ``amount × rake_pct / 100``, rounded down
    to the cent.

    >>> rake(Decimal("70.00"), 4), rake(Decimal("0.10"), 4)
    (Decimal('2.80'), Decimal('0.00'))
    """
    product = _EXACT.multiply(
        _operand(amount, "amount"), _operand(rake_pct, "rake_pct")
    ).scaleb(-2, _EXACT)
    return product.quantize(CENT, context=_EXACT)


def split(amount: Decimal, parts: int) -> tuple[Decimal, ...]:
    """``amount`` in ``parts`` equal shares rounded down to the cent; the cents
    left over go one each to the first shares, so the shares sum to ``amount``.

    >>> split(Decimal("0.05"), 2)
    (Decimal('0.03'), Decimal('0.02'))
    >>> sum(split(Decimal("100.00"), 7)) == Decimal("100.00")
    True
    """
    if (
        isinstance(parts, bool)
        or not isinstance(parts, int)
        or not 1 <= parts <= MAX_SHARES
    ):
        raise InvalidMoneyError(
            f"money splits into 1 to {MAX_SHARES} parts, not {_quote(parts)}"
        )
    cents = int(
        _EXACT.multiply(_operand(amount, "amount"), Decimal(100)).to_integral_value(
            context=_EXACT
        )
    )
    share, left = divmod(cents, parts)
    return tuple(
        (Decimal(share + (1 if index < left else 0)).scaleb(-2, _EXACT)).quantize(
            CENT, context=_EXACT
        )
        for index in range(parts)
    )


def total(amounts: Iterable[Decimal]) -> Decimal:
    """The exact sum of ``amounts``, whatever the thread's decimal context.

    >>> total([Decimal("0.10"), Decimal("0.20")])
    Decimal('0.30')
    """
    result = ZERO
    for amount in amounts:
        result = _EXACT.add(result, _operand(amount, "amount"))
    return result.quantize(CENT, context=_EXACT)


def money_text(amount: Decimal) -> str:
    """An amount as the text JSON holds: two decimal places, no exponent.

    >>> money_text(Decimal("2.8")), money_text(Decimal("-1E+3"))
    ('2.80', '-1000.00')
    """
    return f"{_operand(amount, 'amount').quantize(CENT, context=_EXACT):f}"
