"""Indian 13-card Rummy, as played on Gamentio, with a "standard" preset.

After the deal a card (the *indicator*, the cut joker) is turned face up
under the closed deck, and every card of its rank is wild for the hand.  A
player draws, then discards or *declares*: a finish card plus a grouping of
every other card into melds, with at least one pure sequence (Gamentio), or
two sequences, one of them pure (standard).  The others then show their
cards and pay their unmatched points to the winner.

The two presets differ in deck, deal, card values and caps:

>>> gamentio = IndianRummy()
>>> standard = IndianRummy(preset="standard")
>>> gamentio.deck.size, standard.deck.size
(52, 106)
>>> gamentio.cards_per_player(3), standard.cards_per_player(3)
(10, 13)
>>> gamentio.point_values.ranks[0], standard.point_values.ranks[0]
(14, 10)
"""

from __future__ import annotations

from typing import Any, ClassVar

import attrs

from rummykit.cards import DeckSpec, Rank
from rummykit.melds import MeldRules
from rummykit.partition import PointValues, Requirement
from rummykit.variants.base import Variant, flag, one_of, whole

__all__ = ["IndianRummy"]

_PRESETS = ("gamentio", "standard")


def _by_preset(gamentio: object, standard: object) -> Any:
    """An attrs default that depends on the ``preset`` field."""
    return attrs.Factory(
        lambda self: gamentio if self.preset == "gamentio" else standard,
        takes_self=True,
    )


@attrs.frozen(kw_only=True)
class IndianRummy(Variant):
    """Indian 13-card Rummy (RULES.md §2), every option with its default.

    ``preset`` picks the defaults of the other options: ``"gamentio"`` (one
    deck, 13/10/7 cards for 2/3/4 players, A=14 J=11 Q=12 K=13, one pure
    sequence, 4% rake) or ``"standard"`` (two decks and two printed jokers, 13
    cards, picture cards 10, two sequences one of them pure, 80-point cap).
    Any option given overrides its preset.

    >>> IndianRummy(preset="standard", cap=None).cap is None
    True
    >>> IndianRummy(preset="rummycircle")
    Traceback (most recent call last):
    ...
    ValueError: IndianRummy.preset must be one of 'gamentio', 'standard', not 'rummycircle'
    """

    name: ClassVar[str] = "indian"
    aliases: ClassVar[tuple[str, ...]] = ("indian_rummy", "13card", "gamentio")
    min_players: ClassVar[int] = 2
    """The fewest players at the table."""

    preset: str = "gamentio"
    """``"gamentio"`` or ``"standard"``: the defaults of every other option."""
    decks: int = attrs.field(default=_by_preset(1, 2))
    """52-card decks in play (standard: 3 for 7 or more players)."""
    printed_jokers: int = attrs.field(default=_by_preset(0, 2))
    """Printed jokers in the deck."""
    deal_table: str = attrs.field(default=_by_preset("table", "thirteen"))
    """Cards per player: ``"table"`` (2/3/4 players get 13/10/7), ``"prose"``
    (source 003's "(2,4,6)" reading: 2-3 players 13, 4-5 players 10, 6 players
    7) or ``"thirteen"`` (13 each)."""
    max_players: int = attrs.field(default=_by_preset(4, 6))
    """The most players at the table."""
    direction: str = "clockwise"
    """``"clockwise"`` or ``"anticlockwise"`` (pagat)."""
    printed_joker_indicator: str = "aces_wild"
    """If the indicator is a printed joker: ``"aces_wild"`` or ``"other_pj_only"``."""
    indicator_in_stock: bool = False
    """The indicator is the last card of the closed deck (off: out of play)."""
    max_meld: int | None = attrs.field(default=_by_preset(4, None))
    """The longest sequence; ``None`` for any length."""
    min_sequences: int = attrs.field(default=_by_preset(1, 2))
    """Sequences a declaration needs (one of them pure)."""
    wild_natural_is_pure: bool = True
    """A wild card standing as itself keeps a sequence pure."""
    max_jokers_per_run: int | None = None
    """At most this many jokers in a sequence (Octro: 1)."""
    min_naturals_per_meld: int = 1
    """A meld needs this many natural cards; 0 allows all-joker groups."""
    set_max: int | None = 4
    """The largest set; ``None`` allows sets of 5 or more with jokers."""
    upcard_joker_pickable: bool = False
    """The first upcard may be taken even if it is a joker."""
    finish_card_restricted: bool = True
    """The card taken from the open deck may not be the finish card either."""
    wrong_decl_penalty: int | str = 80
    """Points for a wrong declaration: a number, or ``"full_count"`` (every
    card at its value, no cap)."""
    cap: int | None = attrs.field(default=_by_preset(None, 80))
    """The most points a loser pays; ``None`` for no cap."""
    first_drop_penalty: int = attrs.field(default=_by_preset(10, 20))
    """Points for dropping before one's first draw."""
    middle_drop_penalty: int = attrs.field(default=_by_preset(10, 40))
    """Points for dropping later in the hand."""
    drop_penalty_unit: str = "points"
    """``"points"`` (× stake, like a loser's points) or ``"money"`` (a flat amount)."""
    rake_pct: float = attrs.field(default=_by_preset(4.0, 0.0))
    """The house's cut, in percent."""
    rake_base: str = "winner_gross"
    """What the rake is taken from: ``"winner_gross"`` or ``"total_pot"``."""
    loser_requirement: str = "declaration"
    """A loser's melds count only if they meet the declaration's requirement
    (``"declaration"``), or always (``"none"``)."""
    stock_exhaustion: str = "reshuffle_keep_top"
    """``"reshuffle_keep_top"``, ``"void_hand"`` or ``"lowest_points_wins"``."""
    move_timer: int | None = 15
    """Seconds for a move (host metadata); ``None`` for no timer."""
    timer_mode: str = "per_turn"
    """``"per_turn"`` or ``"per_action"`` (1103.in)."""
    max_lapses: int = 3
    """Timed-out moves a player may make; the last one counts as a drop."""
    lapse_forfeit: str = "third"
    """Whether the hand is forfeited on the ``"third"`` lapse or on the ``"fourth"``."""
    meld_timer: int | None = 45
    """Seconds for the show (host metadata); ``None`` for no timer."""
    meld_expiry: str = "freeze"
    """When the meld timer runs out: ``"freeze"`` the arrangement or
    ``"auto_arrange"`` it optimally."""
    life_min_len_4: bool = False
    """The first or second life must have at least 4 cards (Octro)."""
    golden_rummy: bool = False
    """Three identical cards count as a pure sequence (three decks only; Octro)."""
    round_to_five: bool = False
    """Round each loser's points to the nearest 5 (pagat, unverified)."""
    first_draw_half_rate: bool = False
    """A declaration on the first draw halves the payments (pagat, unverified)."""
    stake: float = 1.0
    """Money per point."""

    def __attrs_post_init__(self) -> None:
        one_of("IndianRummy.preset", self.preset, _PRESETS)
        whole("IndianRummy.decks", self.decks, 1)
        if self.decks > 3:
            raise ValueError(
                f"IndianRummy.decks must be from 1 to 3, not {self.decks!r}"
            )
        whole("IndianRummy.printed_jokers", self.printed_jokers, 0)
        one_of(
            "IndianRummy.deal_table", self.deal_table, ("table", "prose", "thirteen")
        )
        whole("IndianRummy.max_players", self.max_players, 2)
        one_of("IndianRummy.direction", self.direction, ("clockwise", "anticlockwise"))
        one_of(
            "IndianRummy.printed_joker_indicator",
            self.printed_joker_indicator,
            ("aces_wild", "other_pj_only"),
        )
        for name in (
            "indicator_in_stock",
            "wild_natural_is_pure",
            "upcard_joker_pickable",
            "finish_card_restricted",
            "life_min_len_4",
            "golden_rummy",
            "round_to_five",
            "first_draw_half_rate",
        ):
            flag(f"IndianRummy.{name}", getattr(self, name))
        whole("IndianRummy.max_meld", self.max_meld, 4, optional=True)
        whole("IndianRummy.min_sequences", self.min_sequences, 1)
        whole(
            "IndianRummy.max_jokers_per_run", self.max_jokers_per_run, 0, optional=True
        )
        whole("IndianRummy.min_naturals_per_meld", self.min_naturals_per_meld, 0)
        whole("IndianRummy.set_max", self.set_max, 3, optional=True)
        if self.wrong_decl_penalty != "full_count":
            whole("IndianRummy.wrong_decl_penalty", self.wrong_decl_penalty, 0)
        whole("IndianRummy.cap", self.cap, 0, optional=True)
        whole("IndianRummy.first_drop_penalty", self.first_drop_penalty, 0)
        whole("IndianRummy.middle_drop_penalty", self.middle_drop_penalty, 0)
        one_of(
            "IndianRummy.drop_penalty_unit", self.drop_penalty_unit, ("points", "money")
        )
        if not isinstance(self.rake_pct, int | float) or not 0 <= self.rake_pct < 100:
            raise ValueError(
                f"IndianRummy.rake_pct must be a percentage from 0 to 100, not {self.rake_pct!r}"
            )
        one_of("IndianRummy.rake_base", self.rake_base, ("winner_gross", "total_pot"))
        one_of(
            "IndianRummy.loser_requirement",
            self.loser_requirement,
            ("declaration", "none"),
        )
        one_of(
            "IndianRummy.stock_exhaustion",
            self.stock_exhaustion,
            ("reshuffle_keep_top", "void_hand", "lowest_points_wins"),
        )
        whole("IndianRummy.move_timer", self.move_timer, 1, optional=True)
        one_of("IndianRummy.timer_mode", self.timer_mode, ("per_turn", "per_action"))
        whole("IndianRummy.max_lapses", self.max_lapses, 1)
        one_of("IndianRummy.lapse_forfeit", self.lapse_forfeit, ("third", "fourth"))
        whole("IndianRummy.meld_timer", self.meld_timer, 1, optional=True)
        one_of("IndianRummy.meld_expiry", self.meld_expiry, ("freeze", "auto_arrange"))
        if not isinstance(self.stake, int | float) or self.stake < 0:
            raise ValueError(f"IndianRummy.stake must be 0 or more, not {self.stake!r}")

    def cards_per_player(self, players: int) -> int:
        """How many cards each of ``players`` players is dealt.

        :raises ValueError: if the table does not seat that many.

        >>> [IndianRummy().cards_per_player(n) for n in (2, 3, 4)]
        [13, 10, 7]
        >>> IndianRummy(deal_table="prose").cards_per_player(4)
        10
        """
        if (
            not isinstance(players, int)
            or not self.min_players <= players <= self.max_players
        ):
            raise ValueError(
                f"IndianRummy seats {self.min_players} to {self.max_players} players, "
                f"not {players!r}"
            )
        if self.deal_table == "thirteen":
            return 13
        if self.deal_table == "table":
            return {2: 13, 3: 10}.get(players, 7)
        return 13 if players <= 3 else 10 if players <= 5 else 7

    @property
    def deck(self) -> DeckSpec:
        """One 52-card deck (Gamentio), or two and two printed jokers (standard).

        >>> IndianRummy(preset="standard").deck
        DeckSpec(decks=2, jokers=2)
        """
        return DeckSpec(decks=self.decks, jokers=self.printed_jokers)

    @property
    def meld_rules(self) -> MeldRules:
        """Q-K-A and A-2-3 are sequences, K-A-2 is not; sets have distinct suits.

        >>> IndianRummy().meld_rules.max_run, IndianRummy(preset="standard").meld_rules.max_run
        (4, None)
        """
        return MeldRules(
            ace_low=True,
            ace_high=True,
            wrap=False,
            max_set=self.set_max
            if self.max_meld is None
            else min(self.set_max or 4, self.max_meld),
            set_distinct_suits=True,
            max_run=self.max_meld,
            max_jokers_per_run=self.max_jokers_per_run,
            min_naturals_per_meld=self.min_naturals_per_meld,
            wild_natural_is_pure=self.wild_natural_is_pure,
        )

    @property
    def point_values(self) -> PointValues:
        """Gamentio: 2-10 by pip, J 11, Q 12, K 13, A 14; standard: A K Q J 10.
        Jokers score 0 either way.

        >>> IndianRummy().point_values.ranks[10:]
        (11, 12, 13)
        """
        if self.preset == "gamentio":
            return PointValues.gamentio()
        return PointValues(ranks=(10, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10), joker=0)

    @property
    def declaration_requirement(self) -> Requirement:
        """What a valid declaration needs: the sequences and the pure one.

        >>> IndianRummy(preset="standard").declaration_requirement.min_sequences
        2
        """
        return Requirement(
            min_sequences=self.min_sequences,
            min_pure_sequences=1,
            long_sequence=4 if self.life_min_len_4 else None,
        )

    @property
    def requirement(self) -> Requirement:
        """How a loser's hand is scored: melds count only if the loser meets the
        declaration's requirement (unless ``loser_requirement="none"``); the
        cap applies either way.

        >>> IndianRummy(preset="standard").requirement.cap
        80
        """
        if self.loser_requirement == "none":
            return Requirement(cap=self.cap)
        base = self.declaration_requirement
        return Requirement(
            min_sequences=base.min_sequences,
            min_pure_sequences=base.min_pure_sequences,
            long_sequence=base.long_sequence,
            cap=self.cap,
        )

    def wild_rank_for(self, indicator: Rank | None) -> Rank | None:
        """The wild rank when ``indicator`` is the cut joker's rank (``None`` for a
        printed joker): that rank, or aces if the indicator is a printed joker
        and :attr:`printed_joker_indicator` is ``"aces_wild"``.

        >>> IndianRummy().wild_rank_for(Rank.SEVEN), IndianRummy().wild_rank_for(None)
        (<Rank.SEVEN: 7>, <Rank.ACE: 1>)
        """
        if indicator is not None:
            return indicator
        return Rank.ACE if self.printed_joker_indicator == "aces_wild" else None
