"""rummykit: a typed rules library for rummy card games.

>>> from rummykit import Hand, Meld
>>> hand = Hand.parse("As 2s 3s 7c 7d 7h Kd Qd Jd 5c")
>>> str(Meld.build(hand.cards[:3]))
'As 2s 3s'
"""

from importlib.metadata import PackageNotFoundError, version

from rummykit.cards import (
    JOKER_CODE,
    Card,
    DeckSpec,
    Hand,
    Rank,
    Suit,
    parse_cards,
    sorted_for_display,
)
from rummykit.errors import (
    IllegalActionError,
    InvalidCardError,
    InvalidMeldError,
    InvalidStateError,
    RummyError,
)
from rummykit.melds import Meld, MeldKind, MeldRules

try:
    __version__ = version("rummykit")
except PackageNotFoundError:  # pragma: no cover - running from a source tree
    __version__ = "0+unknown"

__all__ = [
    "JOKER_CODE",
    "Card",
    "DeckSpec",
    "Hand",
    "IllegalActionError",
    "InvalidCardError",
    "InvalidMeldError",
    "InvalidStateError",
    "Meld",
    "MeldKind",
    "MeldRules",
    "Rank",
    "RummyError",
    "Suit",
    "__version__",
    "parse_cards",
    "sorted_for_display",
]
