"""Classic Rummy (Rum): meld and lay off on the table, go out, "rummy" pays double.

One 52-card deck, no jokers.  Players draw from the stock or the discard
pile, lay melds on the table and add cards to any player's melds, and the
first to empty their hand wins what the others hold.  Going out in one turn
("rummy") doubles the payments.

>>> from rummykit import Hand
>>> classic = ClassicRummy()
>>> classic.cards_per_player(2), classic.cards_per_player(4), classic.cards_per_player(6)
(10, 7, 6)
>>> classic.meld_rules.is_meld(Hand.parse("Qh Kh Ah"))  # C1: not by default
False
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from rummykit.cards import DeckSpec
from rummykit.melds import MeldRules
from rummykit.partition import PointValues
from rummykit.variants.base import Variant, flag, one_of, whole

__all__ = ["ClassicRummy"]


@attrs.frozen(kw_only=True)
class ClassicRummy(Variant):
    """Classic Rummy (RULES.md §3), every option with its default.

    >>> ClassicRummy(melds_per_turn=1).melds_per_turn
    1
    >>> ClassicRummy(stock_exhaustion="burn")
    Traceback (most recent call last):
    ...
    ValueError: ClassicRummy.stock_exhaustion must be one of 'turn_over', 'turn_over_then_flip', 'shuffle', 'block', not 'burn'
    """

    name: ClassVar[str] = "classic"
    aliases: ClassVar[tuple[str, ...]] = ("rummy", "rum", "classic_rummy")
    min_players: ClassVar[int] = 2
    """The fewest players at the table."""
    max_players: ClassVar[int] = 6
    """The most players at the table."""

    ace_high: bool = False
    """Q-K-A is a run."""
    wrap: bool = False
    """K-A-2 is a run."""
    melds_per_turn: int | None = None
    """At most this many melds per turn (pagat: 1); ``None`` for any number."""
    discard_to_go_out: bool = False
    """A player must discard to go out."""
    stock_exhaustion: str = "turn_over"
    """When the stock runs out: ``"turn_over"`` (the pile, not shuffled),
    ``"turn_over_then_flip"``, ``"shuffle"`` or ``"block"`` (the hand ends)."""
    max_turnovers: int | None = None
    """End the hand after this many turn-overs; ``None`` for no limit."""
    rummy_requires_no_discard: bool = False
    """Going rummy means melding every card at once, with no final discard."""
    must_meld_before_layoff: bool = False
    """A player must have melded before laying off."""
    two_player_deal: str = "winner"
    """With two players: the ``"winner"`` deals next, or they ``"alternate"``."""
    match_mode: str = "per_hand"
    """``"per_hand"`` (settle each hand in money), ``"target"`` or ``"fixed_deals"``."""
    target: int = 100
    """The score that ends a ``"target"`` match (or the deals of a ``"fixed_deals"`` one)."""
    stake: float = 1.0
    """Money per point."""

    def __attrs_post_init__(self) -> None:
        for name in (
            "ace_high",
            "wrap",
            "discard_to_go_out",
            "rummy_requires_no_discard",
            "must_meld_before_layoff",
        ):
            flag(f"ClassicRummy.{name}", getattr(self, name))
        whole("ClassicRummy.melds_per_turn", self.melds_per_turn, 1, optional=True)
        one_of(
            "ClassicRummy.stock_exhaustion",
            self.stock_exhaustion,
            ("turn_over", "turn_over_then_flip", "shuffle", "block"),
        )
        whole("ClassicRummy.max_turnovers", self.max_turnovers, 0, optional=True)
        one_of(
            "ClassicRummy.two_player_deal",
            self.two_player_deal,
            ("winner", "alternate"),
        )
        one_of(
            "ClassicRummy.match_mode",
            self.match_mode,
            ("per_hand", "target", "fixed_deals"),
        )
        whole("ClassicRummy.target", self.target, 1)
        if not isinstance(self.stake, int | float) or self.stake < 0:
            raise ValueError(
                f"ClassicRummy.stake must be 0 or more, not {self.stake!r}"
            )

    def cards_per_player(self, players: int) -> int:
        """Cards dealt to each of ``players``: 10 for 2, 7 for 3-4, 6 for 5-6.

        :raises ValueError: for fewer than 2 or more than 6 players.

        >>> ClassicRummy().cards_per_player(3)
        7
        """
        if not isinstance(players, int) or not 2 <= players <= 6:
            raise ValueError(f"ClassicRummy seats 2 to 6 players, not {players!r}")
        return 10 if players == 2 else 7 if players <= 4 else 6

    @property
    def deck(self) -> DeckSpec:
        """One 52-card deck, no jokers.

        >>> ClassicRummy().deck
        DeckSpec(decks=1, jokers=0)
        """
        return DeckSpec()

    @property
    def meld_rules(self) -> MeldRules:
        """Sets of 3-4, runs of 3 or more, ace low unless the options say otherwise.

        >>> ClassicRummy(ace_high=True).meld_rules.ace_high
        True
        """
        return MeldRules(
            ace_low=True, ace_high=self.ace_high, wrap=self.wrap, max_set=4
        )

    @property
    def point_values(self) -> PointValues:
        """Face cards 10, ace 1, others their pip value.

        >>> ClassicRummy().point_values.ranks
        (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
        """
        return PointValues.standard()
