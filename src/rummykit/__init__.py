"""rummykit: a typed rules library for rummy card games.

>>> from rummykit import Hand, get_variant
>>> hand = Hand.parse("As 2s 3s 7c 7d 7h Kd Qd Jd 5c")
>>> print(get_variant("classic").partition(hand))
[As 2s 3s] [7h 7d 7c] [Jd Qd Kd] deadwood 5c = 5
"""

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
    AgentError,
    IllegalActionError,
    InvalidCardError,
    InvalidMeldError,
    InvalidOptionError,
    InvalidStateError,
    RummyError,
)
from rummykit.melds import Meld, MeldKind, MeldRules
from rummykit.partition import (
    Partition,
    PointValues,
    Requirement,
    all_partitions,
    best_discard,
    deadwood,
    partition,
)
from rummykit.variants import (
    VARIANTS,
    ClassicRummy,
    GinRummy,
    IndianRummy,
    Rumino,
    Variant,
    find_variant,
    get_variant,
)


def __getattr__(name: str) -> str:
    """Read ``__version__`` from the installed metadata on first use.

    Importing :mod:`importlib.metadata` costs more than the rest of rummykit,
    so it waits until someone asks.

    >>> import rummykit
    >>> rummykit.__version__ != ""
    True
    """
    if name == "__version__":
        from importlib.metadata import PackageNotFoundError, version

        try:
            return version("rummykit")
        except PackageNotFoundError:  # pragma: no cover - a bare source tree
            return "0+unknown"
    raise AttributeError(f"module 'rummykit' has no attribute {name!r}")


__all__ = [
    "JOKER_CODE",
    "VARIANTS",
    "AgentError",
    "Card",
    "ClassicRummy",
    "DeckSpec",
    "GinRummy",
    "Hand",
    "IllegalActionError",
    "IndianRummy",
    "InvalidCardError",
    "InvalidMeldError",
    "InvalidOptionError",
    "InvalidStateError",
    "Meld",
    "MeldKind",
    "MeldRules",
    "Partition",
    "PointValues",
    "Rank",
    "Requirement",
    "Rumino",
    "RummyError",
    "Suit",
    "Variant",
    "__version__",
    "all_partitions",
    "best_discard",
    "deadwood",
    "find_variant",
    "get_variant",
    "parse_cards",
    "partition",
    "sorted_for_display",
]
