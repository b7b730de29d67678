"""Hypothesis strategies for rummykit's value types, shared by the test suite.

Import what you need::

    from tests.strategies import cards, hands, meld_rules, wild_ranks

Every strategy builds *valid* values: hands never hold more copies of a card
than their deck has, and :func:`meld_rules` never breaks a :class:`MeldRules`
validation rule.  Strategies that take arguments check them eagerly, so a
typo in a test fails loudly instead of silently generating nothing.

The strategies that stay inside one deck (:func:`hands`, :func:`deals`)
draw cards *by position in* :meth:`DeckSpec.cards`, which is how a real deal
works: with ``decks=2`` two identical cards can be dealt, a third cannot.
"""

from __future__ import annotations

from typing import TypeVar

from hypothesis import strategies as st

from rummykit import Card, DeckSpec, Hand, MeldRules, Rank, Suit

__all__ = [
    "NATURAL_CARDS",
    "card_notations",
    "cards",
    "deals",
    "deck_specs",
    "hands",
    "meld_candidates",
    "meld_rules",
    "natural_cards",
    "ranks",
    "suits",
    "wild_ranks",
]

T = TypeVar("T")

#: The 52 natural cards, in deck order.
NATURAL_CARDS: tuple[Card, ...] = tuple(Card.from_code(code) for code in range(52))

_SUIT_SPELLINGS: dict[Suit, tuple[str, ...]] = {
    Suit.SPADES: ("s", "S", "♠", "♤"),
    Suit.HEARTS: ("h", "H", "♥", "♡"),
    Suit.DIAMONDS: ("d", "D", "♦", "♢"),
    Suit.CLUBS: ("c", "C", "♣", "♧"),
}


def suits() -> st.SearchStrategy[Suit]:
    """Any of the four suits."""
    return st.sampled_from(Suit)


def ranks() -> st.SearchStrategy[Rank]:
    """Any of the thirteen ranks."""
    return st.sampled_from(Rank)


def natural_cards() -> st.SearchStrategy[Card]:
    """Any natural card (never the printed joker)."""
    return st.sampled_from(NATURAL_CARDS)


def cards(*, jokers: bool = True) -> st.SearchStrategy[Card]:
    """Any card; with ``jokers`` (the default) the printed joker too.

    The joker is drawn about as often as one natural card would be
    rather than 1 time in 53, so tests see it regularly.
    """
    if not jokers:
        return natural_cards()
    return st.one_of(natural_cards(), st.just(Card.joker()))


def wild_ranks(*, optional: bool = True) -> st.SearchStrategy[Rank | None]:
    """A wild rank for Indian Rummy; with ``optional``, ``None`` as well.

    ``None`` means "no wild rank", the case of every variant but Indian.
    """
    strategy: st.SearchStrategy[Rank | None] = ranks()
    return st.one_of(st.none(), strategy) if optional else strategy


def deck_specs(
    *, min_decks: int = 1, max_decks: int = 3, max_jokers: int = 8
) -> st.SearchStrategy[DeckSpec]:
    """A :class:`DeckSpec` of ``min_decks`` to ``max_decks`` decks and up to ``max_jokers`` jokers."""
    if not 1 <= min_decks <= max_decks <= 3 or not 0 <= max_jokers <= 8:
        raise ValueError(
            "deck_specs: need 1 <= min_decks <= max_decks <= 3, 0 <= max_jokers <= 8"
        )
    return st.builds(
        DeckSpec,
        decks=st.integers(min_decks, max_decks),
        jokers=st.integers(0, max_jokers),
    )


def card_notations(card: Card) -> st.SearchStrategy[str]:
    """Every way of writing ``card`` that :meth:`Card.parse` accepts.

    Ranks in either case, the ten as ``T``, ``t`` or ``10``; suits as a
    letter in either case or as a black or white symbol; the joker as ``Jk``
    in any case.
    """
    if card.is_joker:
        return st.sampled_from(("Jk", "JK", "jk", "jK"))
    assert card.rank is not None and card.suit is not None
    rank_spellings = {card.rank.symbol, card.rank.symbol.lower()}
    if card.rank is Rank.TEN:
        rank_spellings.add("10")
    return st.builds(
        str.__add__,
        st.sampled_from(sorted(rank_spellings)),
        st.sampled_from(_SUIT_SPELLINGS[card.suit]),
    )


def _deck_positions(
    spec: DeckSpec, min_size: int, max_size: int
) -> st.SearchStrategy[list[int]]:
    if not 0 <= min_size <= max_size:
        raise ValueError(f"need 0 <= min_size <= max_size, not {min_size}, {max_size}")
    if min_size > spec.size:
        raise ValueError(f"a deck of {spec.size} cards cannot deal {min_size}")
    return st.lists(
        st.integers(0, spec.size - 1),
        min_size=min_size,
        max_size=min(max_size, spec.size),
        unique=True,
    )


def hands(
    min_size: int = 0, max_size: int = 14, *, decks: int = 2, jokers: int = 4
) -> st.SearchStrategy[Hand]:
    """A :class:`Hand` of ``min_size`` to ``max_size`` cards dealt from one deck.

    The deck is ``DeckSpec(decks=decks, jokers=jokers)``, so a hand holds
    at most ``decks`` copies of a natural card and at most ``jokers``
    jokers.  With the default two decks and four jokers (Rumino's deck),
    duplicates and jokers both turn up often.
    """
    spec = DeckSpec(decks=decks, jokers=jokers)
    deck = spec.cards()
    return _deck_positions(spec, min_size, max_size).map(
        lambda positions: Hand(deck[i] for i in positions)
    )


def deals(
    min_size: int = 0, max_size: int = 14, *, decks: int = 2, jokers: int = 4
) -> st.SearchStrategy[tuple[Card, ...]]:
    """Like :func:`hands`, but the cards in the order they were dealt.

    Use it to test that something does not depend on the order of cards.
    """
    spec = DeckSpec(decks=decks, jokers=jokers)
    deck = spec.cards()
    return _deck_positions(spec, min_size, max_size).map(
        lambda positions: tuple(deck[i] for i in positions)
    )


@st.composite
def meld_candidates(
    draw: st.DrawFn,
    min_size: int = 1,
    max_size: int = 6,
    *,
    jokers: bool = True,
) -> tuple[Card, ...]:
    """A small group of cards that is a meld often enough to be interesting.

    Uniform random cards almost never form a meld, so the group starts from
    a template: a set (one rank, random suits, so repeats are common), a
    run (one suit, consecutive ranks, wrapping round the ace), or a loose
    cluster of cards near one rank and suit.  Then some cards are swapped
    for printed jokers (if ``jokers``), for an unrelated card, or for a
    copy of another card of the group (as a second deck allows).  The result is in random order.
    """
    if not 1 <= min_size <= max_size:
        raise ValueError(f"need 1 <= min_size <= max_size, not {min_size}, {max_size}")
    usual = [n for n in (3, 4) if min_size <= n <= max_size] or [min_size]
    size = draw(st.one_of(st.sampled_from(usual), st.integers(min_size, max_size)))
    # rank - 1; often near the ace, where the ace-low, ace-high and wrap rules bite
    rank = draw(st.one_of(st.integers(0, 12), st.sampled_from([0, 10, 11, 12])))
    suit = draw(st.integers(0, 3))
    shape = draw(st.sampled_from(["run", "set", "cluster"]))
    if shape == "run":
        group = [Card.from_code(suit * 13 + (rank + i) % 13) for i in range(size)]
    elif shape == "set":
        suits_drawn = draw(st.lists(st.integers(0, 3), min_size=size, max_size=size))
        group = [Card.from_code(s * 13 + rank) for s in suits_drawn]
    else:
        offsets = draw(st.lists(st.integers(-3, 3), min_size=size, max_size=size))
        group = [Card.from_code(suit * 13 + (rank + o) % 13) for o in offsets]
    changes = ["joker", "joker", "noise", "copy"] if jokers else ["noise", "copy"]
    for _ in range(draw(st.integers(0, 2))):
        i = draw(st.integers(0, size - 1))
        change = draw(st.sampled_from(changes))
        if change == "joker":
            group[i] = Card.joker()
        elif change == "noise":
            group[i] = draw(natural_cards())
        elif change == "copy":
            group[i] = group[draw(st.integers(0, size - 1))]
    return tuple(draw(st.permutations(group)))


@st.composite
def meld_rules(draw: st.DrawFn) -> MeldRules:
    """Any valid :class:`MeldRules`, exercising every option.

    Each option keeps its default about half the time (and shrinks to it),
    so that most drawn rules are near the ones variants use, and a failing
    example names only the options that matter.  Sizes stay small (minimums
    of 1 to 5 cards, maximums a few above) so that small groups of cards
    hit every limit.
    """

    def option(default: T, other: st.SearchStrategy[T]) -> T:
        return draw(st.one_of(st.just(default), other))

    ace_low, ace_high = option(
        (True, False), st.sampled_from([(False, True), (True, True)])
    )
    min_set = option(3, st.integers(1, 5))
    min_run = option(3, st.integers(1, 5))
    limit = st.one_of(st.integers(0, 3), st.none())
    return MeldRules(
        ace_low=ace_low,
        ace_high=ace_high,
        wrap=option(False, st.just(True)),
        min_set=min_set,
        max_set=option(
            max(4, min_set), st.one_of(st.none(), st.integers(min_set, min_set + 3))
        ),
        set_distinct_suits=option(False, st.just(True)),
        min_run=min_run,
        max_run=option(None, st.integers(min_run, min_run + 4)),
        max_jokers_per_meld=option(None, limit),
        max_jokers_per_run=option(None, limit),
        min_naturals_per_meld=option(1, st.integers(0, 3)),
        wild_natural_is_pure=option(True, st.just(False)),
    )
