"""The rule sets, and :func:`get_variant` to find one by name.

>>> from rummykit.variants import VARIANTS, get_variant
>>> [variant.name for variant in VARIANTS]
['rumino', 'indian', 'classic', 'gin']
>>> get_variant("indian", preset="standard").cap
80
>>> get_variant("poker")
Traceback (most recent call last):
...
rummykit.errors.InvalidOptionError: unknown variant 'poker'; known: rumino, indian, classic, gin
"""

from __future__ import annotations

import attrs

from rummykit.errors import InvalidOptionError, quoted
from rummykit.variants.base import Variant
from rummykit.variants.classic import ClassicFacts, ClassicRummy
from rummykit.variants.gin import GinRummy
from rummykit.variants.indian import IndianFacts, IndianRummy
from rummykit.variants.rumino import Rumino, RuminoFacts

__all__ = [
    "VARIANTS",
    "ClassicFacts",
    "ClassicRummy",
    "GinRummy",
    "IndianFacts",
    "IndianRummy",
    "Rumino",
    "RuminoFacts",
    "Variant",
    "find_variant",
    "get_variant",
]

#: Every rule set rummykit ships, in a fixed order.
VARIANTS: tuple[type[Variant], ...] = (Rumino, IndianRummy, ClassicRummy, GinRummy)


def find_variant(name: str) -> type[Variant]:
    """The variant class called ``name`` (or one of its aliases), case-insensitively.

    :raises InvalidOptionError: for an unknown name.

    >>> find_variant("Rum")
    <class 'rummykit.variants.classic.ClassicRummy'>
    """
    wanted = name.strip().lower() if isinstance(name, str) else name
    for variant in VARIANTS:
        if wanted == variant.name or wanted in variant.aliases:
            return variant
    known = ", ".join(variant.name for variant in VARIANTS)
    raise InvalidOptionError(f"unknown variant {quoted(name)}; known: {known}")


def get_variant(name: str, **options: object) -> Variant:
    """The variant called ``name``, with ``options`` overriding its defaults.

    :raises InvalidOptionError: for an unknown name, an unknown option or a bad value.

    >>> get_variant("rumino", knock_limit=5).knock_limit
    5
    >>> get_variant("classic", jokers=2)
    Traceback (most recent call last):
    ...
    rummykit.errors.InvalidOptionError: unknown option 'jokers' for classic; options: ace_high, wrap, melds_per_turn, discard_to_go_out, stock_exhaustion, max_turnovers, rummy_requires_no_discard, must_meld_before_layoff, two_player_deal, match_mode, target, stake
    """
    variant = find_variant(name)
    fields = [field.name for field in attrs.fields(variant)]
    for option in options:
        if option not in fields:
            raise InvalidOptionError(
                f"unknown option {quoted(option)} for {variant.name}; options: {', '.join(fields)}"
            )
    return variant(**options)
