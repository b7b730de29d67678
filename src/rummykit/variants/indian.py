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

import random
from collections.abc import Sequence
from decimal import Decimal
from functools import lru_cache
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from rummykit import money
from rummykit._arguments import MAX_COUNT, MAX_MELD, MAX_POINTS, MAX_RUN, MAX_SECONDS
from rummykit.cards import Card, DeckSpec, Hand, Rank
from rummykit.engine import (
    Action,
    Declare,
    Discard,
    DrawDiscard,
    DrawStock,
    Drop,
    Expiry,
    Outcome,
    Phase,
    Show,
    State,
    StockPolicy,
    Termination,
    TimerSpec,
)
from rummykit.engine._shuffle import shuffle
from rummykit.errors import InvalidMeldError, InvalidOptionError, quoted
from rummykit.melds import Meld, MeldKind, MeldRules
from rummykit.partition import (
    Partition,
    PointValues,
    Requirement,
    partition,
)
from rummykit.partition._jokers import may_afford_jokers
from rummykit.variants._floor import may_cover, may_hold_pure_run, may_meld_all
from rummykit.variants.base import Variant, flag, one_of, whole
from rummykit.variants.indian_finish import finish_cards
from rummykit.variants.indian_show import (
    IndianFacts,
    arranged_groups,
    auto_show,
    declare,
    drop,
    holds,
    settle,
    show,
    show_actions,
)

if TYPE_CHECKING:  # pragma: no cover
    from rummykit.match import Match

__all__ = ["Arrange", "IndianFacts", "IndianRummy"]


_GAMENTIO_POINTS = PointValues.gamentio()
_STANDARD_POINTS = PointValues(
    ranks=(10, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10), joker=0
)
_COUNTING = PointValues.counting()
_TOSS_DECK = tuple(card.code for card in DeckSpec().cards())
"""The one deck the toss for the dealer is shuffled from, as card codes."""


def _toss_strength(code: int) -> tuple[int, int]:
    """How a card ranks in the toss: ace high, ties broken ♠ > ♥ > ♦ > ♣."""
    rank = code % 13 + 1
    return (14 if rank == 1 else rank, -code // 13)


_DROP = Drop()
"""The one drop action listed (actions are immutable values)."""

_TOSS_STRENGTH = tuple(_toss_strength(code) for code in _TOSS_DECK)
""":func:`_toss_strength` of each card code, worked out once."""


@lru_cache(maxsize=64)
def _meld_rules(
    set_max: int | None,
    max_meld: int | None,
    max_jokers_per_run: int | None,
    min_naturals_per_meld: int,
    wild_natural_is_pure: bool,
    golden_rummy: bool,
) -> MeldRules:
    """Indian Rummy's meld rules for its options, built once (every turn asks)."""
    return MeldRules(
        ace_low=True,
        ace_high=True,
        wrap=False,
        max_set=set_max if max_meld is None else min(set_max or 4, max_meld),
        set_distinct_suits=True,
        max_run=max_meld,
        max_jokers_per_run=max_jokers_per_run,
        min_naturals_per_meld=min_naturals_per_meld,
        wild_natural_is_pure=wild_natural_is_pure,
        golden_rummy=golden_rummy,
    )


@lru_cache(maxsize=64)
def _deck(decks: int, jokers: int) -> DeckSpec:
    """The deck of ``decks`` decks and ``jokers`` printed jokers, built once
    (every deal asks, and a deck spec is an immutable value)."""
    return DeckSpec(decks=decks, jokers=jokers)


@lru_cache(maxsize=64)
def _requirement(
    min_sequences: int, long_life: bool, melds_always_count: bool, cap: int | None
) -> Requirement:
    """The declaration's requirement (with ``cap=None``), or a loser's, built once."""
    if melds_always_count:
        return Requirement(cap=cap)
    return Requirement(
        min_sequences=min_sequences,
        min_pure_sequences=1,
        long_sequence=4 if long_life else None,
        cap=cap,
    )


def _show_groups(groups: object) -> tuple[tuple[Card, ...], ...]:
    return Show(groups).groups  # type: ignore[arg-type]


@attrs.frozen
class Arrange(Action):
    """During a show, set the grouping a timeout would freeze, without
    finishing the show.

    >>> str(Arrange(["As 2s 3s"]))
    'arrange [As 2s 3s]'
    """

    groups: tuple[tuple[Card, ...], ...] = attrs.field(converter=_show_groups)
    """The melds arranged so far."""

    def __str__(self) -> str:
        return "arrange " + " ".join(
            "[" + " ".join(map(str, group)) + "]" for group in self.groups
        )


_PRESETS = ("gamentio", "standard")
_THREE_DECKS_FROM = 7
"""The standard preset's tables of this many seats or more play with three decks
(RULES.md 2.1, pagat: "with 7-10 players, 3 decks")."""


def _by_preset(gamentio: object, standard: object) -> Any:
    """An attrs default that depends on the ``preset`` field."""
    return attrs.Factory(
        lambda self: gamentio if self.preset == "gamentio" else standard,
        takes_self=True,
    )


def _stake(value: object) -> Decimal:
    return money.to_money(value, "IndianRummy.stake")


def _rake_pct(value: object) -> Decimal:
    return money.percentage(value, "IndianRummy.rake_pct")


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
    rummykit.errors.InvalidOptionError: IndianRummy.preset must be one of 'gamentio', 'standard', not 'rummycircle'
    """

    name: ClassVar[str] = "indian"
    aliases: ClassVar[tuple[str, ...]] = ("indian_rummy", "13card", "gamentio")
    presets: ClassVar[tuple[str, ...]] = _PRESETS
    has_wild_rank: ClassVar[bool] = True
    min_players: ClassVar[int] = 2
    """The fewest players at the table."""

    preset: str = "gamentio"
    """``"gamentio"`` or ``"standard"``: the defaults of every other option."""
    max_players: int = attrs.field(default=_by_preset(4, 6))
    """The most players at the table."""
    decks: int = attrs.field(
        default=attrs.Factory(lambda self: self._default_decks(), takes_self=True)
    )
    """52-card decks in play: 1 (Gamentio); 2 (standard), or 3 for a table of
    7 to 10 players (pagat)."""
    printed_jokers: int = attrs.field(default=_by_preset(0, 2))
    """Printed jokers in the deck."""
    deal_table: str = attrs.field(default=_by_preset("table", "thirteen"))
    """Cards per player: ``"table"`` (2/3/4 players get 13/10/7), ``"prose"``
    (source 003's "(2,4,6)" reading: 2-3 players 13, 4-5 players 10, 6 players
    7) or ``"thirteen"`` (13 each)."""
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
    """Points (or whole money units) for dropping before one's first draw."""
    middle_drop_penalty: int = attrs.field(default=_by_preset(10, 40))
    """Points (or whole money units) for dropping later in the hand."""
    drop_penalty_unit: str = attrs.field(default=_by_preset("money", "points"))
    """``"money"`` (a flat amount of whole money units, exact like every amount:
    Gamentio's "unlocked points", §4.2 and I11) or ``"points"`` (× stake, like a
    loser's points)."""
    rake_pct: Decimal = attrs.field(
        default=_by_preset(Decimal(4), Decimal(0)),
        converter=_rake_pct,
    )
    """The house's cut, in percent (from 0 up to 100, at most two decimal
    places).  The rake of each payment is rounded down to the cent."""
    rake_base: str = "winner_gross"
    """What the rake is taken from: ``"winner_gross"`` or ``"total_pot"``.  Every
    payment of a hand goes to its winner, so the two bases give the same rake
    until a table fee enters the pot; the option records which one a host means."""
    loser_requirement: str = attrs.field(default=_by_preset("none", "declaration"))
    """A loser's melds count always (``"none"``, Gamentio: a loser pays for the
    incomplete melds only), or only if they meet the declaration's requirement
    (``"declaration"``, the standard preset: otherwise every card counts)."""
    stock_exhaustion: str = "reshuffle_keep_top"
    """``"reshuffle_keep_top"``, ``"void_hand"`` or ``"lowest_points_wins"``."""
    move_timer: int | None = 15
    """Seconds for a move (host metadata); ``None`` for no timer."""
    timer_mode: str = "per_turn"
    """``"per_turn"``: one move timer (named ``"turn"``) covers the draw and the
    discard, so the host keeps counting across both; ``"per_action"`` (1103.in):
    each decision gets its own timer (named ``"move"``)."""
    max_lapses: int = attrs.field(default=_by_preset(1, 3))
    """The timed-out move that counts as a drop: the first under Gamentio (a
    missed move is a drop and pays the drop penalty), the third under the
    standard preset."""
    lapse_forfeit: str = "third"
    """Whether the hand is forfeited on the ``max_lapses``-th lapse (``"third"``) or
    on the one after (``"fourth"``)."""
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
    stake: Decimal = attrs.field(default=Decimal("1.00"), converter=_stake)
    """Money per point: exact money (see :mod:`rummykit.money`), from 0 to 10**12."""

    def __attrs_post_init__(self) -> None:
        one_of("IndianRummy.preset", self.preset, _PRESETS)
        whole("IndianRummy.decks", self.decks, 1, 3)
        whole("IndianRummy.printed_jokers", self.printed_jokers, 0, 8)
        one_of(
            "IndianRummy.deal_table", self.deal_table, ("table", "prose", "thirteen")
        )
        whole("IndianRummy.max_players", self.max_players, 2, self._most_players())
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
        whole("IndianRummy.max_meld", self.max_meld, 4, MAX_RUN, optional=True)
        # A declaration holds at most 14 cards: four sequences of three or more.
        whole("IndianRummy.min_sequences", self.min_sequences, 1, 4)
        whole(
            "IndianRummy.max_jokers_per_run",
            self.max_jokers_per_run,
            0,
            MAX_MELD,
            optional=True,
        )
        whole(
            "IndianRummy.min_naturals_per_meld", self.min_naturals_per_meld, 0, MAX_MELD
        )
        whole("IndianRummy.set_max", self.set_max, 3, MAX_MELD, optional=True)
        if self.wrong_decl_penalty != "full_count":
            whole(
                "IndianRummy.wrong_decl_penalty", self.wrong_decl_penalty, 0, MAX_POINTS
            )
        whole("IndianRummy.cap", self.cap, 0, MAX_POINTS, optional=True)
        one_of(
            "IndianRummy.drop_penalty_unit", self.drop_penalty_unit, ("points", "money")
        )
        for name in ("first_drop_penalty", "middle_drop_penalty"):
            if self.drop_penalty_unit == "points":
                # In points, a drop penalty is a points option like the others.
                whole(f"IndianRummy.{name}", getattr(self, name), 0, MAX_POINTS)
                continue
            whole(f"IndianRummy.{name}", getattr(self, name), 0)
            if getattr(self, name) > money.MAX_MONEY:
                raise money.InvalidMoneyError(
                    f"IndianRummy.{name} must be from 0 to {money.MAX_MONEY}, "
                    f"not a {getattr(self, name).bit_length()}-bit number"
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
        whole("IndianRummy.move_timer", self.move_timer, 1, MAX_SECONDS, optional=True)
        one_of("IndianRummy.timer_mode", self.timer_mode, ("per_turn", "per_action"))
        whole("IndianRummy.max_lapses", self.max_lapses, 1, MAX_COUNT)
        one_of("IndianRummy.lapse_forfeit", self.lapse_forfeit, ("third", "fourth"))
        whole("IndianRummy.meld_timer", self.meld_timer, 1, MAX_SECONDS, optional=True)
        one_of("IndianRummy.meld_expiry", self.meld_expiry, ("freeze", "auto_arrange"))

    def cards_per_player(self, players: int) -> int:
        """How many cards each of ``players`` players is dealt.

        :raises InvalidOptionError: if the table does not seat that many.

        >>> [IndianRummy().cards_per_player(n) for n in (2, 3, 4)]
        [13, 10, 7]
        >>> IndianRummy(deal_table="prose").cards_per_player(4)
        10
        """
        if (
            not isinstance(players, int)
            or not self.min_players <= players <= self.max_players
        ):
            raise InvalidOptionError(
                f"IndianRummy seats {self.min_players} to {self.max_players} players, "
                f"not {quoted(players)}"
            )
        return self._deal_size(players)

    def _deal_size(self, players: int) -> int:
        if self.deal_table == "thirteen":
            return 13
        if self.deal_table == "table":
            return {2: 13, 3: 10}.get(players, 7)
        return 13 if players <= 3 else 10 if players <= 5 else 7

    def _default_decks(self) -> int:
        """Decks when the option is not given: the standard preset's tables of
        seven or more use three (pagat's "7-10 players, 3 decks").

        >>> IndianRummy(preset="standard", max_players=10).decks
        3
        >>> IndianRummy(preset="standard").decks, IndianRummy().decks
        (2, 1)
        """
        if self.preset == "gamentio":
            return 1
        seats = self.max_players
        return 3 if isinstance(seats, int) and seats >= _THREE_DECKS_FROM else 2

    def _most_players(self) -> int:
        """The most players the deck can deal to (every smaller table too)
        while leaving the indicator and the upcard."""
        size = 52 * self.decks + self.printed_jokers
        most = 1
        for players in range(2, size):
            if players * self._deal_size(players) + 2 > size:
                break
            most = players
        return most

    @property
    def deck(self) -> DeckSpec:
        """One 52-card deck (Gamentio), or two and two printed jokers (standard).

        >>> IndianRummy(preset="standard").deck
        DeckSpec(decks=2, jokers=2)
        """
        return _deck(self.decks, self.printed_jokers)

    @property
    def meld_rules(self) -> MeldRules:
        """Q-K-A and A-2-3 are sequences, K-A-2 is not; sets have distinct suits.

        >>> IndianRummy().meld_rules.max_run, IndianRummy(preset="standard").meld_rules.max_run
        (4, None)
        """
        return _meld_rules(
            self.set_max,
            self.max_meld,
            self.max_jokers_per_run,
            self.min_naturals_per_meld,
            self.wild_natural_is_pure,
            self.golden_rummy,
        )

    @property
    def point_values(self) -> PointValues:
        """Gamentio: 2-10 by pip, J 11, Q 12, K 13, A 14; standard: A K Q J 10.
        Jokers score 0 either way.

        >>> IndianRummy().point_values.ranks[10:]
        (11, 12, 13)
        """
        if self.preset == "gamentio":
            return _GAMENTIO_POINTS
        return _STANDARD_POINTS

    @property
    def declaration_requirement(self) -> Requirement:
        """What a valid declaration needs: the sequences and the pure one.

        >>> IndianRummy(preset="standard").declaration_requirement.min_sequences
        2
        """
        return _requirement(self.min_sequences, self.life_min_len_4, False, None)

    @property
    def requirement(self) -> Requirement:
        """How a loser's hand is scored: melds count only if the loser meets the
        declaration's requirement (unless ``loser_requirement="none"``); the
        cap applies either way.

        >>> IndianRummy(preset="standard").requirement.cap
        80
        """
        return _requirement(
            self.min_sequences,
            self.life_min_len_4,
            self.loser_requirement == "none",
            self.cap,
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

    # -- the deal ----------------------------------------------------------------------

    def choose_dealer(self, rng: random.Random, players: int) -> int:
        """The toss: each player gets a card and the highest plays first (ace
        high; ties broken ♠ > ♥ > ♦ > ♣); the dealer sits just before them.

        >>> IndianRummy().choose_dealer(random.Random(1), 3) in range(3)
        True
        """
        deck = list(_TOSS_DECK)
        shuffle(rng, deck)
        strength = _TOSS_STRENGTH
        first, best = 0, strength[deck[0]]
        for seat in range(1, players):  # the first of the highest
            if strength[deck[seat]] > best:
                first, best = seat, strength[deck[seat]]
        return (first - self.play_direction()) % players

    def play_direction(self) -> int:
        """Clockwise by default; pagat plays anticlockwise."""
        return 1 if self.direction == "clockwise" else -1

    def new_extra(self, players: int) -> IndianFacts:
        """No penalty, declaration, show or arrangement at the deal."""
        return IndianFacts()

    def arranged(self, state: State, seat: int) -> tuple[tuple[Card, ...], ...]:
        """The groups ``seat`` has arranged, for that seat's view only."""
        return dict(arranged_groups(state)).get(seat, ())

    def after_deal(self, state: State) -> State:
        """§2.1: the indicator is turned face up under the closed deck and sets
        the wild rank; then the open deck starts with an upcard."""
        indicator = state.stock[-1]
        stock = state.stock[:-1]
        out_of_play = state.out_of_play
        if self.indicator_in_stock:
            stock = (indicator, *stock)
        else:
            out_of_play = (*out_of_play, indicator)
        upcard = stock[-1]
        return state.evolve(
            stock=stock[:-1],
            pile=(upcard,),
            indicator=indicator,
            wild_rank=self.wild_rank_for(indicator.rank),
            out_of_play=out_of_play,
        )

    # -- helpers -------------------------------------------------------------------------

    def _rules(self) -> MeldRules:
        return self.meld_rules

    def _joker(self, state: State, card: Card) -> bool:
        return card.is_joker or (
            state.wild_rank is not None and card.rank == state.wild_rank
        )

    def _draws(self, state: State, seat: int) -> int:
        """How many times ``seat`` has drawn this hand."""
        return sum(
            1
            for event in state.history
            if event.player == seat
            and isinstance(event.action, DrawStock | DrawDiscard)
        )

    def _drawn_yet(self, state: State, seat: int) -> bool:
        # Read back from the end: a seat that has drawn did so a turn or two
        # ago, and a hand's history is cheap to walk back from its end.
        return any(
            event.player == seat and isinstance(event.action, DrawStock | DrawDiscard)
            for event in reversed(state.history)
        )

    def declaration_grouping(
        self, hand: Hand, wild_rank: Rank | None
    ) -> Partition | None:
        """A grouping of every card of ``hand`` into melds meeting the
        declaration's requirement, or ``None`` if there is none.

        >>> IndianRummy().declaration_grouping(Hand.parse("3h 4h 5h 6h Qc Qd Qh"), None) is not None
        True
        """
        grouping = partition(
            hand,
            self.meld_rules,
            _COUNTING,
            wild_rank=wild_rank,
            requirement=self.declaration_requirement,
        )
        return grouping if grouping.points == 0 and grouping.requirement_met else None

    def group_meld(self, group: Sequence[Card], wild_rank: Rank | None) -> Meld:
        """The meld a shown group makes, read as a sequence where it can be one.

        A group of wild cards such as Jk 7h 7d (7s wild) is both a set and an
        impure sequence; only sequences count towards the requirement, so a
        group is read as a sequence when it is one.

        :raises InvalidMeldError: if the group is no meld.

        >>> IndianRummy().group_meld(Hand.parse("Jk 7h 7d").cards, Rank.SEVEN).kind
        <MeldKind.RUN: 'run'>
        """
        rules = self.meld_rules
        if rules.why_not(group, wild_rank=wild_rank, kind=MeldKind.RUN) is None:
            return Meld.build(group, rules, wild_rank=wild_rank, kind=MeldKind.RUN)
        return Meld.build(group, rules, wild_rank=wild_rank)

    def check_grouping(
        self, groups: tuple[tuple[Card, ...], ...], wild_rank: Rank | None
    ) -> str | None:
        """Why ``groups`` are not a valid declaration, or ``None`` (I-3).

        >>> IndianRummy(preset="standard").check_grouping(
        ...     Show(["3h 4h 5h 6h", "Kc Ks Kh", "Qc Qd Qh", "9d 9c 7s"]).groups, Rank.SEVEN)
        'the melds do not meet the requirement: at least 2 sequence(s), 1 of them pure'
        """
        melds = []
        for group in groups:
            try:
                melds.append(self.group_meld(group, wild_rank))
            except InvalidMeldError as error:
                return str(error)
        if not self.declaration_requirement.is_met_by(melds):
            need = self.declaration_requirement
            extra = (
                f", one of at least {need.long_sequence} cards"
                if need.long_sequence
                else ""
            )
            return (
                "the melds do not meet the requirement: at least "
                f"{need.min_sequences} sequence(s), {need.min_pure_sequences} of them pure{extra}"
            )
        return None

    # -- the turn --------------------------------------------------------------------------

    def turn_start_actions(self, state: State) -> list[Action]:
        """I-6: a player may drop at the start of their turn."""
        if state.phase is Phase.DRAW:
            return [_DROP]
        if state.phase is Phase.SHOW:
            return show_actions(self, state)
        return []

    def take_discard_reason(self, state: State) -> str | None:
        """I-1: a joker (wild rank or printed) is never taken from the open deck,
        unless it is the first upcard and ``upcard_joker_pickable``."""
        top = state.pile[-1]
        if not self._joker(state, top):
            return None
        first_upcard = len(state.pile) == 1 and not any(
            isinstance(event.action, Discard) for event in state.history
        )
        if self.upcard_joker_pickable and first_upcard:
            return None
        return f"{top} is a joker and may not be taken from the open deck (I-1)"

    def discard_reason(self, state: State, card: Card) -> str | None:
        """I-2: not the card just taken from the open deck."""
        if state.taken is not None and card == state.taken:
            return f"{card} was just taken from the open deck and may not be discarded this turn (I-2)"
        return None

    def refused_discards(self, state: State) -> tuple[Card, ...] | None:
        """The card just taken from the open deck, if any: the one
        :meth:`discard_reason` refuses (``None`` if a subclass overrides that),
        so that the discards are listed without a call per card.

        >>> state = IndianRummy().new_game(players=2, seed=0).draw_discard()
        >>> IndianRummy().refused_discards(state)
        (Card('2d'),)
        """
        if not self._plain_discard_reason:
            return None
        taken = state.taken
        return () if taken is None else (taken,)

    def play_actions(self, state: State) -> list[Action]:
        """I-3: a declaration with each finish card for which every other card
        can be grouped validly (any well-formed declaration is accepted too)."""
        hand = state.hands[state.current]
        # Most hands hold no pure sequence, or too many cards that no meld
        # (or only a meld with a joker) can use: no declaration, and no
        # search.  A search of the relaxed problem (shapes and the number of
        # sequences only), made once for the whole hand, names the finish
        # cards that may leave a declaration and rules out the others.  Each
        # of those is tried through the cheap bounds and then the exact
        # search: a hand that gets this far nearly always has a declaration,
        # so no search of the whole hand comes before.
        wild_rank = state.wild_rank
        rules = self.meld_rules
        need = self.declaration_requirement
        if not self._may_declare(hand.codes, wild_rank, rules, need, discard=True):
            return []
        finishing = finish_cards(hand.codes, rules, wild_rank, need.min_sequences)
        if not finishing:
            return []
        if not self.finish_card_restricted or (
            state.taken is None and self._plain_discard_reason
        ):
            forbidden: list[Card] = []  # nothing is refused: no card to check
        else:
            forbidden = [
                card
                for card in hand.cards
                if self._finish_reason(state, card) is not None
            ]
        actions: list[Action] = []
        for card in dict.fromkeys(hand.cards):
            if card.code not in finishing or card in forbidden:
                continue
            rest = hand.remove(card)
            if not self._may_declare(
                rest.codes, wild_rank, rules, need, discard=False, cover=False
            ):
                continue
            grouping = self.declaration_grouping(rest, wild_rank)
            if grouping is not None:
                actions.append(Declare(card, [meld.cards for meld in grouping.melds]))
        return actions

    def _may_declare(
        self,
        codes: tuple[int, ...],
        wild_rank: Rank | None,
        rules: MeldRules,
        need: Requirement,
        *,
        discard: bool,
        cover: bool = True,
    ) -> bool:
        """The cheap bounds: ``False`` only if no valid declaration can be
        made from ``codes`` (after one discard, if ``discard``) under the meld
        ``rules`` and the declaration's requirement ``need`` (this variant's,
        read once by the caller).  Without ``cover``, the relaxed search
        (:func:`may_cover`) is left to the caller."""
        if need.min_pure_sequences > 0 and not may_hold_pure_run(codes, rules):
            return False
        # The count of jokers the cards no meld of naturals can hold need
        # rules out nearly every hand the next two would.
        if not may_afford_jokers(codes, rules, wild_rank=wild_rank, discard=discard):
            return False
        if not may_meld_all(codes, rules, wild_rank=wild_rank, discard=discard):
            return False
        return not cover or may_cover(
            codes,
            rules,
            wild_rank=wild_rank,
            discard=discard,
            sequences=need.min_sequences,
        )

    @property
    def _plain_discard_reason(self) -> bool:
        """Whether :meth:`discard_reason` is this class's own (which refuses
        only the card just taken), not a subclass's."""
        return type(self).discard_reason is IndianRummy.discard_reason

    def _finish_reason(self, state: State, card: Card) -> str | None:
        if self.finish_card_restricted:
            return self.discard_reason(state, card)
        return None

    def check_action(self, state: State, action: Action) -> str | None:
        """Why a drop, declaration, arrangement or show is illegal now, or ``None``.

        A declaration only has to be well formed: the finish card and the
        groups must be exactly the hand.  Whether it is valid decides what
        it leads to (I-3, I-4).
        """
        hand = state.hands[state.current]
        if isinstance(action, Drop):
            if state.phase is not Phase.DRAW:
                return "a player drops at the start of their turn, before drawing (I-6)"
            return None
        if isinstance(action, Declare):
            if state.phase is not Phase.PLAY:
                return "a player declares after drawing (I-3)"
            reason = self._finish_reason(state, action.finish)
            if reason:
                return reason
            cards = [
                action.finish,
                *(card for group in action.groups for card in group),
            ]
            if Hand(cards) != hand:
                return f"the finish card and the groups must be exactly the hand {hand}"
            return None
        if isinstance(action, Show | Arrange):
            if state.phase is not Phase.SHOW:
                return "groupings are shown after a valid declaration (I-5)"
            cards = [card for group in action.groups for card in group]
            if isinstance(action, Show):
                cards += list(action.deadwood)
                if Hand(cards) != hand:
                    return (
                        f"the groups and the deadwood must be exactly the hand {hand}"
                    )
            elif not holds(hand, Hand(cards)):
                return f"the arranged groups must come from the hand {hand}"
            return None
        return super().check_action(state, action)

    def apply_action(self, state: State, action: Action) -> State:
        """Drops, declarations, arrangements and shows, and timer fallbacks."""
        seat = state.current
        if isinstance(action, Drop):
            return drop(self, state, seat, action)
        if isinstance(action, Declare):
            return declare(self, state, seat, action)
        if isinstance(action, Arrange):
            arranged = dict(arranged_groups(state))
            arranged[seat] = action.groups
            # An arrangement is private: it is kept, not written to the history.
            return attrs.evolve(
                state,
                extra=attrs.evolve(
                    IndianFacts.of(state), arrangements=tuple(sorted(arranged.items()))
                ),
            )
        if isinstance(action, Show):
            return show(self, state, seat, action)
        expiry = getattr(action, "expiry", None)
        if expiry in (Expiry.FREEZE_ARRANGEMENT, Expiry.AUTO_ARRANGE_OPTIMAL):
            return show(self, state, seat, auto_show(self, state, seat, expiry))
        raise NotImplementedError(f"{action} is not an Indian Rummy action")

    # -- the stock and the clock --------------------------------------------------------------

    def stock_policy(self) -> StockPolicy:
        """I-7: reshuffle the open deck but its top card; or void the hand; or
        the lowest points win."""
        return {
            "reshuffle_keep_top": StockPolicy.RESHUFFLE_KEEP_TOP,
            "void_hand": StockPolicy.VOID,
            "lowest_points_wins": StockPolicy.LOWEST_POINTS,
        }[self.stock_exhaustion]

    def end_on_exhaustion(self, state: State, policy: StockPolicy) -> State:
        """A void hand, or the lowest optimal points winning (I-7)."""
        if policy is not StockPolicy.LOWEST_POINTS:
            return state.end(
                Outcome(
                    termination=Termination.VOID,
                    winners=(),
                    points=(0,) * state.players,
                    note="the closed deck ran out: the hand is void",
                )
            )
        scores = {
            seat: self.partition(state.hands[seat], wild_rank=state.wild_rank).points
            for seat in range(state.players)
            if state.active[seat]
        }
        low = min(scores.values())
        winner = next(seat for seat in sorted(scores) if scores[seat] == low)
        shows = {seat: value for seat, value in scores.items() if seat != winner}
        return settle(self, state, winner, Termination.BLOCKED, shows)

    def timer(self, state: State) -> TimerSpec | None:
        """§2.4: a move timer (draw, then discard, on expiry) and the meld timer."""
        if state.phase is Phase.SHOW:
            if self.meld_timer is None:
                return None
            expiry = (
                Expiry.FREEZE_ARRANGEMENT
                if self.meld_expiry == "freeze"
                else Expiry.AUTO_ARRANGE_OPTIMAL
            )
            return TimerSpec(
                name="meld",
                seconds=self.meld_timer,
                on_expiry=expiry,
                counts_as_lapse=False,
            )
        if self.move_timer is None or state.phase not in (Phase.DRAW, Phase.PLAY):
            return None
        expiry = (
            Expiry.AUTO_DRAW_STOCK_THEN_DISCARD_DRAWN
            if state.phase is Phase.DRAW
            else Expiry.AUTO_DISCARD
        )
        name = "turn" if self.timer_mode == "per_turn" else "move"
        return TimerSpec(name=name, seconds=self.move_timer, on_expiry=expiry)

    def lapse_limit(self) -> int | None:
        """The lapse that counts as a drop: the 3rd by default (or the 4th)."""
        return self.max_lapses + (1 if self.lapse_forfeit == "fourth" else 0)

    # -- the series -------------------------------------------------------------------------------

    def _first_draw(self, state: State, seat: int) -> bool:
        return self._draws(state, seat) == 1

    def next_dealer(self, match: Match) -> int:
        """Gamentio: the previous winner plays first in later hands, so the
        dealer sits just before them; a void hand keeps the dealer.  Standard
        preset: a new toss every hand."""
        if self.preset == "standard":
            return self.choose_dealer(random.Random(match.chance), match.players)
        last = match.results[-1] if match.results else None
        if last is None or last.winner is None:
            return match.state.dealer
        return (last.winner - self.play_direction()) % match.players
