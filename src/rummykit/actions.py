"""Every action class, in one place to import from.

The actions are defined next to the rules that use them: the engine's in
:mod:`rummykit.engine`, the ones only one variant plays in that variant's
module, and the match decisions in :mod:`rummykit.match`.  A frontend that
reads or builds actions can import them all from here instead:

>>> from rummykit.actions import BigGin, Discard, DrawStock, Rebuy
>>> [str(action) for action in (DrawStock(), Discard("Kd"), BigGin(), Rebuy())]
['draw from the stock', 'discard Kd', 'big gin', 're-buy']

:data:`ACTIONS` lists every class a player can apply, and each is a subclass
of :class:`~rummykit.engine.Action`:

>>> from rummykit.engine import Action
>>> all(issubclass(kind, Action) for kind in ACTIONS)
True
"""

from __future__ import annotations

from rummykit.engine.actions import (
    Action,
    Claim,
    Declare,
    DeclareGin,
    Discard,
    DrawDiscard,
    DrawStock,
    Drop,
    FaceDownDeclare,
    Knock,
    LayMeld,
    LayOff,
    Pass,
    Show,
    Timeout,
)
from rummykit.match import DeclineRebuy, Rebuy
from rummykit.variants.gin_show import BigGin
from rummykit.variants.indian import Arrange
from rummykit.variants.rumino import DeclareRumino

__all__ = [
    "ACTIONS",
    "Action",
    "Arrange",
    "BigGin",
    "Claim",
    "Declare",
    "DeclareGin",
    "DeclareRumino",
    "DeclineRebuy",
    "Discard",
    "DrawDiscard",
    "DrawStock",
    "Drop",
    "FaceDownDeclare",
    "Knock",
    "LayMeld",
    "LayOff",
    "Pass",
    "Rebuy",
    "Show",
    "Timeout",
]

#: Every action class a player (or a host, for
#: :class:`~rummykit.engine.Timeout`) applies, in the order of a hand.
#: :class:`~rummykit.engine.FaceDownDeclare` is not among them: it is how the
#: others see a :class:`~rummykit.engine.Declare` in a view, and is never applied.
ACTIONS: tuple[type[Action], ...] = (
    DrawStock,
    DrawDiscard,
    Discard,
    LayMeld,
    LayOff,
    Knock,
    DeclareGin,
    BigGin,
    DeclareRumino,
    Claim,
    Pass,
    Drop,
    Declare,
    Show,
    Arrange,
    Timeout,
    Rebuy,
    DeclineRebuy,
)
