"""How a hand ended: the termination, the winner, the points and the payments.

>>> outcome = Outcome(
...     termination=Termination.WENT_OUT,
...     winners=(0,),
...     points=(0, 37, 3),
...     payments=(Payment(payer=1, payee=0, points=37, money=37),
...               Payment(payer=2, payee=0, points=3, money=3)),
... )
>>> outcome.winner, outcome.money_for(0), outcome.money_for(1)
(0, Decimal('40.00'), Decimal('-37.00'))

Money is exact (see :mod:`rummykit.money`): amounts are
:class:`~decimal.Decimal` values in whole cents.
"""

from __future__ import annotations

from decimal import Decimal
from enum import StrEnum, unique

import attrs

from rummykit.money import ZERO, to_money, total

__all__ = ["Outcome", "Payment", "Termination"]


@unique
class Termination(StrEnum):
    """Why a hand ended.

    >>> Termination.KNOCK.value
    'knock'
    """

    WENT_OUT = "went_out"
    """A player emptied their hand."""
    KNOCK = "knock"
    """A player knocked; everyone scores their deadwood."""
    GIN = "gin"
    """A player melded every card."""
    OUTRIGHT = "outright"
    """A player showed a hand that wins the whole game outright."""
    DECLARATION = "declaration"
    """A valid declaration, after which the others showed."""
    LAST_PLAYER = "last_player"
    """Every other player dropped or declared wrongly."""
    BLOCKED = "blocked"
    """The stock ran out and the lowest hand won (block rummy, lowest points)."""
    VOID = "void"
    """The hand was abandoned with no score (stock exhausted)."""
    TURNOVER_LIMIT = "turnover_limit"
    """The stock ran out once more than the rule set's turn-over limit allows;
    the rule set scores the hands as it says (such as the lowest hand
    collecting the differences)."""
    ACTION_LIMIT = "action_limit"
    """The hand reached the rule set's action cap
    (:data:`~rummykit.engine.HAND_ACTION_LIMIT` by default) without ending;
    no score.  It keeps automated play from running for ever."""


def _amount(value: object) -> Decimal:
    return to_money(value, "a payment's amount", maximum=None)


@attrs.frozen(kw_only=True)
class Payment:
    """One ledger entry: ``payer`` owes ``payee`` ``points`` worth ``money``.

    ``rake`` is the house's cut taken from this entry: the payee receives
    ``money - rake``.  Amounts are exact :class:`~decimal.Decimal` money in
    whole cents; an ``int``, decimal text or a float that is a whole number of
    cents is converted.

    >>> Payment(payer=2, payee=0, points=35, money=70, rake="2.80")
    Payment(payer=2, payee=0, points=35, money=Decimal('70.00'), rake=Decimal('2.80'), reason='')
    """

    payer: int
    """The seat that pays."""
    payee: int
    """The seat that is paid."""
    points: int
    """The points this entry settles."""
    money: Decimal = attrs.field(converter=_amount)
    """The money it moves: points × stake (or a flat amount)."""
    rake: Decimal = attrs.field(default=ZERO, converter=_amount)
    """The house's cut of this entry, paid out of ``money``."""
    reason: str = ""
    """What the entry is for, such as ``"deadwood"`` or ``"drop"``."""


@attrs.frozen(kw_only=True)
class Outcome:
    """The result of one hand.

    ``points[i]`` is what seat ``i`` scored in the hand (deadwood, penalties;
    negative for a gin bonus), and ``payments`` is the ledger.

    >>> Outcome(termination=Termination.VOID, winners=(), points=(0, 0)).winner is None
    True
    """

    termination: Termination
    """Why the hand ended."""
    winners: tuple[int, ...]
    """The winning seats; empty for a void hand, several for a split."""
    points: tuple[int, ...]
    """Each seat's points for the hand."""
    payments: tuple[Payment, ...] = ()
    """The ledger entries the hand settles."""
    rummy: bool = False
    """Whether the winner went rummy (out in one turn), doubling payments."""
    note: str = ""
    """A sentence for people, such as ``"player 0 went out"``."""

    @property
    def winner(self) -> int | None:
        """The single winner, or ``None`` if there is none or several.

        >>> Outcome(termination=Termination.GIN, winners=(2,), points=(5, 9, -10)).winner
        2
        """
        return self.winners[0] if len(self.winners) == 1 else None

    def money_for(self, player: int) -> Decimal:
        """What ``player`` gains (positive) or loses in money, rake deducted.

        >>> Outcome(termination=Termination.WENT_OUT, winners=(0,), points=(0, 4),
        ...         payments=(Payment(payer=1, payee=0, points=4, money=4, rake="0.16"),)
        ...         ).money_for(0)
        Decimal('3.84')
        """
        amounts: list[Decimal] = []
        for payment in self.payments:
            if payment.payee == player:
                amounts += (payment.money, -payment.rake)
            if payment.payer == player:
                amounts.append(-payment.money)
        return total(amounts)

    @property
    def rake(self) -> Decimal:
        """The house's cut of the hand, in money.  The players' money and the
        rake sum to exactly zero.

        >>> outcome = Outcome(termination=Termination.WENT_OUT, winners=(0,),
        ...     points=(0, 4), payments=(Payment(payer=1, payee=0, points=4,
        ...     money=4, rake="0.16"),))
        >>> outcome.rake, outcome.money_for(0) + outcome.money_for(1) + outcome.rake
        (Decimal('0.16'), Decimal('0.00'))
        """
        return total(payment.rake for payment in self.payments)
