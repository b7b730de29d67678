"""Melds: sets and runs, and the rules that say which groups of cards are melds.

A *set* is three or more cards of one rank; a *run* (a sequence) is three or
more cards of one suit in consecutive ranks.  Printed jokers, and in Indian
Rummy every card of the hand's *wild rank*, may stand in for missing cards.
:class:`MeldRules` holds every meld option the variants use;
:meth:`Meld.build` validates a group of cards against them.

>>> from rummykit import Hand, Meld, MeldRules
>>> rules = MeldRules()
>>> meld = Meld.build(Hand.parse("5s Jk 7s"), rules)
>>> meld.kind, meld.pure, str(meld)
(<MeldKind.RUN: 'run'>, False, '5s Jk=6s 7s')
>>> rules.is_meld(Hand.parse("Qs Ks As"))
False
>>> MeldRules(ace_high=True).is_meld(Hand.parse("Qs Ks As"))
True
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum, unique
from itertools import combinations

import attrs

from rummykit._arguments import MAX_MELD, check_instance
from rummykit.cards import JOKER_CODE, Card, Hand, Rank, parse_cards
from rummykit.errors import InvalidMeldError, InvalidOptionError, quoted

__all__ = ["Meld", "MeldKind", "MeldRules"]


@unique
class MeldKind(StrEnum):
    """What kind of meld a group of cards is.

    >>> MeldKind("run") is MeldKind.RUN
    True
    """

    SET = "set"
    """Three or more cards of one rank (a group, a book)."""
    RUN = "run"
    """Three or more cards of one suit in sequence (a sequence)."""


def _check_size(name: str, value: int | None, low: int, *, optional: bool) -> None:
    if value is None and optional:
        return
    if not isinstance(value, int) or isinstance(value, bool) or value < low:
        limit = f"a whole number of at least {low}"
        raise InvalidOptionError(
            f"MeldRules.{name} must be {limit}{' or None' if optional else ''}, "
            f"not {quoted(value)}"
        )
    if value > MAX_MELD:
        raise InvalidOptionError(
            f"MeldRules.{name} must be at most {MAX_MELD} (no meld holds more), "
            f"not {value}"
        )


@attrs.frozen(kw_only=True, cache_hash=True)
class MeldRules:
    """Every option that decides which groups of cards are melds.

    The defaults are the most common rules: ace low only, no wrap, sets of 3
    or 4 that may repeat a suit, runs of 3 or more, any number of jokers but
    at least one natural card per meld.

    >>> gin = MeldRules()
    >>> gin.is_meld(Hand.parse("As 2s 3s")), gin.is_meld(Hand.parse("Ks As 2s"))
    (True, False)
    >>> MeldRules(wrap=True).is_meld(Hand.parse("Ks As 2s"))
    True
    >>> MeldRules(ace_low=False)
    Traceback (most recent call last):
    ...
    rummykit.errors.InvalidOptionError: MeldRules: the ace must rank low, high or both (ace_low or ace_high)
    """

    ace_low: bool = True
    """The ace may rank below the two, as in A-2-3."""
    ace_high: bool = False
    """The ace may rank above the king, as in Q-K-A (never both ends at once)."""
    wrap: bool = False
    """Runs may wrap round the ace, as in K-A-2."""
    min_set: int = 3
    """The fewest cards in a set."""
    max_set: int | None = 4
    """The most cards in a set; ``None`` for no limit."""
    set_distinct_suits: bool = False
    """The natural cards of a set must all have different suits.

    Off, a set may hold identical cards from two decks, such as 9♣ 9♣ 9♥.
    """
    min_run: int = 3
    """The fewest cards in a run."""
    max_run: int | None = None
    """The most cards in a run; ``None`` for no limit (at most 13 without wrap)."""
    max_jokers_per_meld: int | None = None
    """The most jokers (printed or wild) in any meld; ``None`` for no limit."""
    max_jokers_per_run: int | None = None
    """The most jokers in a run; ``None`` for no limit beyond the meld limit."""
    min_naturals_per_meld: int = 1
    """The fewest natural cards in a meld; 0 allows all-joker melds.

    A wild-rank card standing as itself counts as natural.
    """
    wild_natural_is_pure: bool = True
    """A wild-rank card standing as itself keeps a run pure.

    With 7s wild, 5♥ 6♥ 7♥ is then a pure sequence; off, any wild-rank card
    makes its meld impure.
    """
    golden_rummy: bool = False
    """Three identical natural cards (from three decks) count as a pure
    sequence ("golden rummy", Octro)."""

    def __attrs_post_init__(self) -> None:
        for name in (
            "ace_low",
            "ace_high",
            "wrap",
            "set_distinct_suits",
            "golden_rummy",
        ):
            if not isinstance(getattr(self, name), bool):
                raise InvalidOptionError(
                    f"MeldRules.{name} must be True or False, not {quoted(getattr(self, name))}"
                )
        if not isinstance(self.wild_natural_is_pure, bool):
            raise InvalidOptionError(
                "MeldRules.wild_natural_is_pure must be True or False, "
                f"not {quoted(self.wild_natural_is_pure)}"
            )
        if not (self.ace_low or self.ace_high):
            raise InvalidOptionError(
                "MeldRules: the ace must rank low, high or both (ace_low or ace_high)"
            )
        _check_size("min_set", self.min_set, 1, optional=False)
        _check_size("min_run", self.min_run, 1, optional=False)
        _check_size("max_set", self.max_set, self.min_set, optional=True)
        _check_size("max_run", self.max_run, self.min_run, optional=True)
        _check_size("max_jokers_per_meld", self.max_jokers_per_meld, 0, optional=True)
        _check_size("max_jokers_per_run", self.max_jokers_per_run, 0, optional=True)
        _check_size(
            "min_naturals_per_meld", self.min_naturals_per_meld, 0, optional=False
        )

    @property
    def longest_run(self) -> int:
        """The longest run these rules allow.

        Thirteen at most: a run may not use the ace at both ends.

        >>> MeldRules().longest_run, MeldRules(ace_low=True, ace_high=True).longest_run
        (13, 13)
        >>> MeldRules(max_run=4).longest_run
        4
        """
        return 13 if self.max_run is None else min(self.max_run, 13)

    def is_meld(
        self, cards: Iterable[Card] | str, *, wild_rank: Rank | None = None
    ) -> bool:
        """Whether ``cards`` form a meld, without raising.

        >>> rules = MeldRules(set_distinct_suits=True)
        >>> rules.is_meld(Hand.parse("8s 8s 8h")), rules.is_meld(Hand.parse("8s 8h Jk"))
        (False, True)
        >>> rules.is_meld(Hand.parse("9s 7h 7d"), wild_rank=Rank.SEVEN)
        True
        """
        return _best_meld(_card_tuple(cards), self, wild_rank, None)[0] is not None

    def why_not(
        self,
        cards: Iterable[Card] | str,
        *,
        wild_rank: Rank | None = None,
        kind: MeldKind | None = None,
    ) -> str | None:
        """Why ``cards`` are not a meld, or ``None`` if they are one.

        >>> MeldRules(max_run=4).why_not("3s 4s 5s 6s 7s", kind=MeldKind.RUN)
        'a run has at most 4 cards (max_run), not 5'
        >>> print(MeldRules().why_not("3s 4s 5s"))
        None
        """
        meld, reason = _best_meld(_card_tuple(cards), self, wild_rank, kind)
        return None if meld is not None else reason


_new = object.__new__
_set = object.__setattr__


@attrs.frozen(kw_only=True, init=False)
class Meld:
    """A valid meld: its cards, its kind, and what each card stands for.

    Build melds with :meth:`build`.  ``stands_for[i]`` is the natural card
    that ``cards[i]`` represents: the card itself for a natural, the missing
    card for a joker or a wild card used as a joker.  A run's cards are
    listed from its low end to its high end.

    >>> from rummykit import Hand, MeldRules, Rank
    >>> meld = Meld.build(Hand.parse("5h 6h 7h"), MeldRules(), wild_rank=Rank.SEVEN)
    >>> meld.pure, meld.jokers
    (True, ())
    >>> strict = MeldRules(wild_natural_is_pure=False)
    >>> Meld.build(Hand.parse("5h 6h 7h"), strict, wild_rank=Rank.SEVEN).pure
    False
    >>> set_of_nines = Meld.build(Hand.parse("9s 9h Jk"), MeldRules())
    >>> str(set_of_nines), set_of_nines.kind
    ('9s 9h Jk=9d', <MeldKind.SET: 'set'>)
    """

    kind: MeldKind
    """Whether the meld is a set or a run."""
    cards: tuple[Card, ...]
    """The physical cards, a run's from low to high."""
    stands_for: tuple[Card, ...]
    """The natural card each of :attr:`cards` represents, in the same order."""
    pure: bool
    """No card stands in for another (wild-rank cards as themselves may count)."""

    # Made whole in __new__, as a card is: calling __init__ again on a meld
    # (object's __init__) changes nothing.
    def __new__(
        cls,
        *,
        kind: MeldKind,
        cards: tuple[Card, ...],
        stands_for: tuple[Card, ...],
        pure: bool,
    ) -> Meld:
        meld = _new(cls)
        _set(meld, "kind", kind)
        _set(meld, "cards", cards)
        _set(meld, "stands_for", stands_for)
        _set(meld, "pure", pure)
        return meld

    def __getnewargs_ex__(self) -> tuple[tuple[()], dict[str, object]]:
        return (), {
            "kind": self.kind,
            "cards": self.cards,
            "stands_for": self.stands_for,
            "pure": self.pure,
        }

    @classmethod
    def build(
        cls,
        cards: Iterable[Card] | str,
        rules: MeldRules | None = None,
        *,
        wild_rank: Rank | None = None,
        kind: MeldKind | None = None,
    ) -> Meld:
        """Validate ``cards`` as a meld under ``rules`` and build it.

        ``wild_rank`` makes every card of that rank wild: it may stand in for
        any card, or stand as itself.  Wild cards stand as themselves where
        they can, so the meld is as pure as possible.  When the cards form
        both a run and a set, the run is built unless ``kind`` says
        otherwise.

        :raises InvalidMeldError: naming the cards and the rule that fails.

        >>> Meld.build("9s 7h 7d", wild_rank=Rank.SEVEN).kind
        <MeldKind.RUN: 'run'>
        >>> str(Meld.build("9s 7h 7d", wild_rank=Rank.SEVEN, kind=MeldKind.SET))
        '9s 7h=9h 7d=9d'
        >>> Meld.build("8s 8s 8h", MeldRules(set_distinct_suits=True))
        Traceback (most recent call last):
        ...
        rummykit.errors.InvalidMeldError: 8s 8s 8h is not a meld: not a set (two natural cards share a suit; set_distinct_suits) and not a run (suits differ)
        """
        check_instance("rules", rules, MeldRules)
        check_instance("wild_rank", wild_rank, Rank)
        check_instance("kind", kind, MeldKind)
        cards_tuple = _card_tuple(cards)
        meld, reason = _best_meld(cards_tuple, rules or MeldRules(), wild_rank, kind)
        if meld is None:
            text = " ".join(map(str, cards_tuple)) or "no cards"
            raise InvalidMeldError(f"{text} is not a meld: {reason}")
        return meld

    @property
    def jokers(self) -> tuple[Card, ...]:
        """The cards that stand in for other cards.

        >>> Meld.build("5s Jk 7s").jokers
        (Card('Jk'),)
        """
        return tuple(
            card
            for card, stands in zip(self.cards, self.stands_for, strict=True)
            if card != stands
        )

    @property
    def hand(self) -> Hand:
        """The meld's cards as a :class:`Hand`.

        >>> Meld.build("Qs Qh Qd").hand
        Hand.parse('Qs Qh Qd')
        """
        return Hand(self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    def __str__(self) -> str:
        return " ".join(
            str(card) if card == stands else f"{card}={stands}"
            for card, stands in zip(self.cards, self.stands_for, strict=True)
        )


def _card_tuple(cards: Iterable[Card] | str) -> tuple[Card, ...]:
    if isinstance(cards, str):
        return parse_cards(cards)
    if not isinstance(cards, Iterable):
        raise InvalidMeldError(f"{quoted(cards)} is not card notation or cards")
    result = tuple(cards)
    for card in result:
        if not isinstance(card, Card):
            raise InvalidMeldError(f"{quoted(card)} is not a Card")
    return result


def _best_meld(
    cards: tuple[Card, ...],
    rules: MeldRules,
    wild_rank: Rank | None,
    kind: MeldKind | None,
) -> tuple[Meld | None, str]:
    """The purest meld the cards make, or ``None`` and the reason."""
    if len(cards) < min(rules.min_set, rules.min_run):
        return None, (
            f"a meld has at least {min(rules.min_set, rules.min_run)} cards, "
            f"not {len(cards)}"
        )
    if (
        rules.golden_rummy
        and kind is not MeldKind.SET
        and len(cards) == 3
        and len({card.code for card in cards}) == 1
        and cards[0].code != JOKER_CODE
    ):
        # Golden rummy: three identical naturals are a pure sequence.
        return Meld(kind=MeldKind.RUN, cards=cards, stands_for=cards, pure=True), ""
    printed = [i for i, card in enumerate(cards) if card.code == JOKER_CODE]
    wild = [
        i
        for i, card in enumerate(cards)
        if card.code != JOKER_CODE
        and wild_rank is not None
        and card.code % 13 + 1 == wild_rank
    ]
    fixed = [i for i in range(len(cards)) if i not in printed and i not in wild]
    reasons: dict[MeldKind, str] = {}
    kinds = (kind,) if kind is not None else (MeldKind.RUN, MeldKind.SET)
    for count in range(len(wild), -1, -1):  # wild cards as naturals, most first
        for as_natural in combinations(wild, count):
            naturals = sorted(fixed + list(as_natural))
            jokers = [i for i in range(len(cards)) if i not in naturals]
            for meld_kind in kinds:
                builder = _build_run if meld_kind is MeldKind.RUN else _build_set
                meld, reason = builder(cards, naturals, jokers, rules, bool(as_natural))
                if meld is not None:
                    return meld, ""
                # Keep the last reason: the one with every wild card as a joker,
                # which names the limit that fails rather than a shape that
                # wild cards standing as themselves happen not to make.
                reasons[meld_kind] = reason
    if kind is not None:
        return None, reasons[kind]
    return None, (
        f"not a set ({reasons[MeldKind.SET]}) and not a run ({reasons[MeldKind.RUN]})"
    )


def _common_checks(naturals: int, jokers: int, rules: MeldRules) -> str:
    if rules.max_jokers_per_meld is not None and jokers > rules.max_jokers_per_meld:
        return (
            f"a meld has at most {rules.max_jokers_per_meld} joker(s) "
            f"(max_jokers_per_meld), not {jokers}"
        )
    if naturals < rules.min_naturals_per_meld:
        return (
            f"a meld needs at least {rules.min_naturals_per_meld} natural card(s) "
            f"(min_naturals_per_meld), not {naturals}"
        )
    return ""


def _is_pure(jokers: list[int], has_wild: bool, rules: MeldRules) -> bool:
    return not jokers and (rules.wild_natural_is_pure or not has_wild)


def _build_set(
    cards: tuple[Card, ...],
    naturals: list[int],
    jokers: list[int],
    rules: MeldRules,
    has_wild: bool,
) -> tuple[Meld | None, str]:
    size = len(cards)
    if size < rules.min_set:
        return None, f"a set has at least {rules.min_set} cards, not {size}"
    if rules.max_set is not None and size > rules.max_set:
        return None, f"a set has at most {rules.max_set} cards (max_set), not {size}"
    reason = _common_checks(len(naturals), len(jokers), rules)
    if reason:
        return None, reason
    ranks = {cards[i].code % 13 for i in naturals}
    if len(ranks) > 1:
        return None, "ranks differ"
    suits = [cards[i].code // 13 for i in naturals]
    if rules.set_distinct_suits and len(set(suits)) < len(suits):
        return None, "two natural cards share a suit; set_distinct_suits"
    # An all-joker set stands for aces, for want of anything better.
    rank = ranks.pop() if naturals else 0
    free_suits = [s for s in range(4) if s not in suits] or [0]
    stands_for: list[Card] = []
    ordered = naturals + jokers
    for n, i in enumerate(ordered):
        if n < len(naturals):
            stands_for.append(cards[i])
            continue
        suit = free_suits[(n - len(naturals)) % len(free_suits)]
        if suit * 13 + rank == cards[i].code:
            # A wild card used as a joker stands for another card than itself
            # (with every suit taken, a set of five or more repeats a suit), so
            # that it counts as a joker: the meld is then not pure.
            suit = next(
                s for s in (*free_suits, 0, 1) if s * 13 + rank != cards[i].code
            )
        stands_for.append(Card.from_code(suit * 13 + rank))
    meld = Meld(
        kind=MeldKind.SET,
        cards=tuple(cards[i] for i in ordered),
        stands_for=tuple(stands_for),
        pure=_is_pure(jokers, has_wild, rules),
    )
    return meld, ""


def _run_windows(size: int, rules: MeldRules) -> list[list[int]]:
    """Every window of ``size`` consecutive ranks (1-13) the rules allow."""
    if size > 13:
        return []
    if rules.wrap:
        return [[(start + i) % 13 + 1 for i in range(size)] for start in range(13)]
    low = 1 if rules.ace_low else 2
    high = 14 if rules.ace_high else 13
    return [
        [(p - 1) % 13 + 1 for p in range(start, start + size)]
        for start in range(low, high - size + 2)
    ]


def _build_run(
    cards: tuple[Card, ...],
    naturals: list[int],
    jokers: list[int],
    rules: MeldRules,
    has_wild: bool,
) -> tuple[Meld | None, str]:
    size = len(cards)
    if size < rules.min_run:
        return None, f"a run has at least {rules.min_run} cards, not {size}"
    if size > rules.longest_run:
        return (
            None,
            f"a run has at most {rules.longest_run} cards (max_run), not {size}",
        )
    reason = _common_checks(len(naturals), len(jokers), rules)
    if reason:
        return None, reason
    if rules.max_jokers_per_run is not None and len(jokers) > rules.max_jokers_per_run:
        return None, (
            f"a run has at most {rules.max_jokers_per_run} joker(s) "
            f"(max_jokers_per_run), not {len(jokers)}"
        )
    suits = {cards[i].code // 13 for i in naturals}
    if len(suits) > 1:
        return None, "suits differ"
    ranks = [cards[i].code % 13 + 1 for i in naturals]
    if len(set(ranks)) < len(ranks):
        return None, "two natural cards share a rank"
    suit = suits.pop() if suits else 0
    chosen: list[int] | None = None
    for window in _run_windows(size, rules):
        if set(ranks) <= set(window):
            if window[0] in ranks:
                chosen = window
                break
            if chosen is None:
                chosen = window
    if chosen is None:
        ace = (
            "with wrap"
            if rules.wrap
            else "with ace "
            + {
                (True, False): "low only",
                (False, True): "high only",
                (True, True): "low or high",
            }[(rules.ace_low, rules.ace_high)]
            + ", no wrap"
        )
        return None, f"no window of {size} consecutive ranks holds them {ace}"
    by_rank = {cards[i].code % 13 + 1: i for i in naturals}
    spare = iter(jokers)
    ordered: list[int] = []
    for rank in chosen:
        ordered.append(by_rank[rank] if rank in by_rank else next(spare))
    stands_for = tuple(Card.from_code(suit * 13 + rank - 1) for rank in chosen)
    meld = Meld(
        kind=MeldKind.RUN,
        cards=tuple(cards[i] for i in ordered),
        stands_for=stands_for,
        pure=_is_pure(jokers, has_wild, rules),
    )
    return meld, ""
