"""Rumino: Italian knock rummy with two decks, four jokers and seven cards.

Each player holds 7 cards.  At the start of a turn a player whose optimal
deadwood is 7 or less may knock; after drawing, a player may declare gin
(all 7 cards melded, 4 + 3) or a *rumino* (a 7-card straight flush or 7 of a
kind), which wins the game outright, even claimed out of turn.  Scores add
up over hands; over 100 a player is out, and may buy back in at a doubling
price.  Lower is better.

>>> from rummykit import Hand
>>> rumino = Rumino()
>>> rumino.deck.size, rumino.hand_size
(108, 7)
>>> rumino.deadwood(Hand.parse("Ac 2c 3c 8d 8h 8s 5d"))  # R1: may knock
5
>>> rumino.is_rumino(Hand.parse("3d 4d 5d 6d 7d 8d 9d"))  # R8
True
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

import attrs

from rummykit.cards import JOKER_CODE, Card, DeckSpec, Hand
from rummykit.melds import MeldKind, MeldRules
from rummykit.partition import PointValues
from rummykit.variants.base import Variant, flag, one_of, whole

__all__ = ["Rumino"]


@attrs.frozen(kw_only=True)
class Rumino(Variant):
    """Rumino (RULES.md §1), every option with its default.

    >>> Rumino(knock_timing="after_draw").knock_timing
    'after_draw'
    >>> Rumino(max_run=3)
    Traceback (most recent call last):
    ...
    ValueError: Rumino.max_run must be a whole number of at least 4 or None, not 3
    """

    name: ClassVar[str] = "rumino"
    aliases: ClassVar[tuple[str, ...]] = ("ramino", "rumina")
    min_players: ClassVar[int] = 2
    """The fewest players at the table."""
    max_players: ClassVar[int] = 6
    """The most players at the table."""
    hand_size: ClassVar[int] = 7
    """Cards dealt to each player."""

    knock_limit: int = 7
    """A player may knock when their optimal deadwood is at most this."""
    knock_timing: str = "instead_of_draw"
    """``"instead_of_draw"`` (knock at the start of the turn) or ``"after_draw"``."""
    ace_high: bool = False
    """Q-K-A is a run (the ace is always low too)."""
    wrap: bool = False
    """K-A-2 is a run."""
    max_run: int | None = 4
    """The longest run; ``None`` for runs of any length."""
    set_distinct_suits: bool = False
    """Sets may not hold two identical cards (off: 9♣ 9♣ 9♥ is a set)."""
    max_jokers_per_meld: int | None = None
    """At most this many jokers in a meld (Italian ramino: 1)."""
    min_naturals_per_meld: int = 1
    """A meld needs this many natural cards; 0 allows all-joker melds."""
    rumino_naturals_only: bool = False
    """A rumino must be made of natural cards only."""
    discard_taken_card_forbidden: bool = True
    """A player may not discard the card just taken from the discard pile."""
    rumino_claim_mode: str = "auto"
    """``"auto"`` claims an out-of-turn rumino for the player; ``"manual_window"``
    offers every other player a claim window."""
    stock_exhaustion: str = "reshuffle_keep_top"
    """``"reshuffle_keep_top"``, ``"void_hand"`` or ``"turn_over_no_shuffle"``."""
    layoff_on_knock: bool = False
    """After a knock, the others may lay cards off on the knocker's melds."""
    undercut_penalty: int = 0
    """Points added to a knocker whom someone undercuts (Knock Rummy: 10)."""
    elimination: str = "over_100"
    """``"over_100"`` (eliminated above 100) or ``"at_or_over_100"``."""
    gin_score: int = -10
    """What a gin adds to the declarer's score."""
    triple_gin_autowin: bool = True
    """Gins by one player in hands 1, 2 and 3 of a game win it outright."""
    rebuy_cost: str = "doubling"
    """``"doubling"`` (the k-th re-buy costs stake × 2^(k−1)) or ``"none"``."""
    scoring_mode: str = "optimal"
    """``"optimal"`` scores each hand by its best grouping; ``"as_arranged"``
    by the grouping its player shows."""
    stake: int = 10
    """Each player's stake into the pool, in money units."""

    def __attrs_post_init__(self) -> None:
        whole("Rumino.knock_limit", self.knock_limit, 0)
        one_of(
            "Rumino.knock_timing", self.knock_timing, ("instead_of_draw", "after_draw")
        )
        for name in (
            "ace_high",
            "wrap",
            "set_distinct_suits",
            "rumino_naturals_only",
            "discard_taken_card_forbidden",
            "layoff_on_knock",
            "triple_gin_autowin",
        ):
            flag(f"Rumino.{name}", getattr(self, name))
        whole("Rumino.max_run", self.max_run, 4, optional=True)
        whole("Rumino.max_jokers_per_meld", self.max_jokers_per_meld, 0, optional=True)
        whole("Rumino.min_naturals_per_meld", self.min_naturals_per_meld, 0)
        one_of(
            "Rumino.rumino_claim_mode",
            self.rumino_claim_mode,
            ("auto", "manual_window"),
        )
        one_of(
            "Rumino.stock_exhaustion",
            self.stock_exhaustion,
            ("reshuffle_keep_top", "void_hand", "turn_over_no_shuffle"),
        )
        whole("Rumino.undercut_penalty", self.undercut_penalty, 0)
        one_of("Rumino.elimination", self.elimination, ("over_100", "at_or_over_100"))
        if not isinstance(self.gin_score, int) or isinstance(self.gin_score, bool):
            raise ValueError(
                f"Rumino.gin_score must be a whole number, not {self.gin_score!r}"
            )
        one_of("Rumino.rebuy_cost", self.rebuy_cost, ("doubling", "none"))
        one_of("Rumino.scoring_mode", self.scoring_mode, ("optimal", "as_arranged"))
        whole("Rumino.stake", self.stake, 0)

    @property
    def deck(self) -> DeckSpec:
        """Two 52-card decks and four printed jokers: 108 cards.

        >>> Rumino().deck
        DeckSpec(decks=2, jokers=4)
        """
        return DeckSpec(decks=2, jokers=4)

    @property
    def meld_rules(self) -> MeldRules:
        """Sets of 3-4 (identical cards allowed), runs of 3-4, ace low, jokers wild.

        >>> Rumino().meld_rules.max_run, Rumino(max_run=None).meld_rules.max_run
        (4, None)
        """
        return MeldRules(
            ace_low=True,
            ace_high=self.ace_high,
            wrap=self.wrap,
            max_set=4,
            set_distinct_suits=self.set_distinct_suits,
            max_run=self.max_run,
            max_jokers_per_meld=self.max_jokers_per_meld,
            min_naturals_per_meld=self.min_naturals_per_meld,
        )

    @property
    def point_values(self) -> PointValues:
        """A 1, two to ten by pip, J Q K 10, joker 10.

        >>> Rumino().point_values.joker
        10
        """
        return PointValues.standard(joker=10)

    def is_rumino(self, cards: Hand | Iterable[Card]) -> bool:
        """Whether these seven cards are a rumino: a 7-card straight flush or
        seven of a kind (the suits then repeat), jokers standing in unless
        :attr:`rumino_naturals_only`.

        >>> Rumino().is_rumino(Hand.parse("Qs Qs Qh Qh Qd Qc Qc"))  # R10
        True
        >>> Rumino().is_rumino(Hand.parse("3d 4d 5d Jk 7d 8d 9d"))  # R9
        True
        >>> Rumino(rumino_naturals_only=True).is_rumino(Hand.parse("3d 4d 5d Jk 7d 8d 9d"))
        False
        """
        codes = cards.codes if isinstance(cards, Hand) else Hand(cards).codes
        if len(codes) != 7:
            return False
        naturals = [code for code in codes if code != JOKER_CODE]
        if self.rumino_naturals_only and len(naturals) < 7:
            return False
        if not naturals:
            return self.min_naturals_per_meld == 0
        if len({code % 13 for code in naturals}) == 1:
            return True  # seven of a kind
        rules = MeldRules(
            ace_low=True,
            ace_high=self.ace_high,
            wrap=self.wrap,
            max_run=None,
            min_naturals_per_meld=0,
        )
        return rules.why_not(Hand._from_sorted(codes).cards, kind=MeldKind.RUN) is None

    def rumino_in(self, cards: Hand | Iterable[Card]) -> Hand | None:
        """The seven cards of a rumino among ``cards`` (such as 8 after a
        draw), or ``None``.

        >>> print(Rumino().rumino_in(Hand.parse("5c 6c 7c 8c 9c Tc Jc Kh")))
        5c 6c 7c 8c 9c Tc Jc
        """
        hand = cards if isinstance(cards, Hand) else Hand(cards)
        if len(hand) < 7:
            return None
        if len(hand) == 7:
            return hand if self.is_rumino(hand) else None
        for card in dict.fromkeys(hand.cards):
            rest = hand.remove(card)
            found = self.rumino_in(rest)
            if found is not None:
                return found
        return None
