"""The generic turn engine: states, actions, views and outcomes.

The engine knows turns, piles, phases and card movement, stock exhaustion,
claim windows, timers and lapses; a variant supplies the rest through the
hooks of :class:`RuleSet`.  It never names a variant.
"""

from rummykit.engine.actions import (
    Action,
    Claim,
    Declare,
    DeclareGin,
    Discard,
    DrawDiscard,
    DrawStock,
    Drop,
    Event,
    FaceDownDeclare,
    Knock,
    LayMeld,
    LayOff,
    Pass,
    Phase,
    Show,
    Timeout,
)
from rummykit.engine.history import History
from rummykit.engine.outcome import Outcome, Payment, Termination
from rummykit.engine.rules import HAND_ACTION_LIMIT, RuleSet, StockPolicy
from rummykit.engine.state import Origin, State, new_game
from rummykit.engine.views import (
    Expiry,
    PendingDecision,
    PlayerView,
    TableMeld,
    TimerSpec,
)

__all__ = [
    "HAND_ACTION_LIMIT",
    "Action",
    "Claim",
    "Declare",
    "DeclareGin",
    "Discard",
    "DrawDiscard",
    "DrawStock",
    "Drop",
    "Event",
    "Expiry",
    "FaceDownDeclare",
    "History",
    "Knock",
    "LayMeld",
    "LayOff",
    "Origin",
    "Outcome",
    "Pass",
    "Payment",
    "PendingDecision",
    "Phase",
    "PlayerView",
    "RuleSet",
    "Show",
    "State",
    "StockPolicy",
    "TableMeld",
    "Termination",
    "Timeout",
    "TimerSpec",
    "new_game",
]
