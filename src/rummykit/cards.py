"""Cards, hands and decks, and the short notation that reads and writes them.

Ranks are written ``A 2 3 4 5 6 7 8 9 10|T J Q K`` and suits ``s h d c`` (or
``♠ ♥ ♦ ♣``), both case-insensitive; the printed joker is ``Jk``.  A card is
its rank followed by its suit: ``As``, ``10h`` (written back as ``Th``),
``Q♣``.

>>> from rummykit import Card, Hand
>>> Card.parse("10h") == Card.parse("Th")
True
>>> Hand.parse("7c 7d 7h Jk 7c")
Hand.parse('7h 7d 7c 7c Jk')

Cards have equality and a hash but no ordering: which card ranks above
another is a variant's business.  :func:`sorted_for_display` orders cards
for people.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from enum import IntEnum, StrEnum, unique

import attrs

from rummykit.errors import InvalidCardError, InvalidOptionError, quoted

__all__ = [
    "JOKER_CODE",
    "Card",
    "DeckSpec",
    "Hand",
    "Rank",
    "Suit",
    "parse_cards",
    "sorted_for_display",
]

#: The code of the printed joker; natural cards have codes 0 to 51.
JOKER_CODE = 52

_RANK_HELP = "ranks are A 2-9 10|T J Q K"
_SUIT_HELP = "suits are s h d c or ♠ ♥ ♦ ♣"


@unique
class Suit(StrEnum):
    """The four suits, in the order a new deck holds them.

    The value is the one-letter notation.

    >>> Suit.HEARTS.symbol, str(Suit.HEARTS)
    ('♥', 'h')
    >>> Suit.parse("♣") is Suit.CLUBS
    True
    """

    SPADES = "s"
    """Spades, written ``s`` or ``♠``."""
    HEARTS = "h"
    """Hearts, written ``h`` or ``♥``."""
    DIAMONDS = "d"
    """Diamonds, written ``d`` or ``♦``."""
    CLUBS = "c"
    """Clubs, written ``c`` or ``♣``."""

    @property
    def symbol(self) -> str:
        """The suit's symbol, such as ``'♠'``.

        >>> Suit.SPADES.symbol
        '♠'
        """
        return _SUIT_SYMBOLS[_SUIT_INDEX[self]]

    @property
    def order(self) -> int:
        """The suit's place in deck order, from 0 (spades) to 3 (clubs).

        >>> Suit.CLUBS.order
        3
        """
        return _SUIT_INDEX[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read a suit from ``s h d c`` or ``♠ ♥ ♦ ♣``, in either case.

        :raises InvalidCardError: if ``text`` is not a suit.

        >>> Suit.parse("D")
        <Suit.DIAMONDS: 'd'>
        """
        suit = _SUIT_BY_TEXT.get(text.lower()) if isinstance(text, str) else None
        if suit is None:
            raise InvalidCardError(f"unknown suit {quoted(text)} ({_SUIT_HELP})")
        return suit


_SUITS = tuple(Suit)
_SUIT_INDEX = {suit: index for index, suit in enumerate(_SUITS)}
_SUIT_SYMBOLS = ("♠", "♥", "♦", "♣")
_SUIT_BY_TEXT: dict[str, Suit] = {suit.value: suit for suit in _SUITS}
_SUIT_BY_TEXT.update(zip(_SUIT_SYMBOLS, _SUITS, strict=True))
_SUIT_BY_TEXT.update(zip(("♤", "♡", "♢", "♧"), _SUITS, strict=True))


@unique
class Rank(IntEnum):
    """The thirteen ranks; the value is the rank's number with the ace as 1.

    Whether the ace also ranks above the king, and what each rank scores,
    depend on the variant's rules.

    ``str()`` and f-strings give the rank's notation, as a card's does; ``int()``
    gives its number:

    >>> str(Rank.QUEEN), f"{Rank.TEN}", int(Rank.QUEEN)
    ('Q', 'T', 12)
    >>> Rank.parse("10") is Rank.TEN
    True
    """

    ACE = 1
    """The ace, written ``A``."""
    TWO = 2
    """The two, written ``2``."""
    THREE = 3
    """The three, written ``3``."""
    FOUR = 4
    """The four, written ``4``."""
    FIVE = 5
    """The five, written ``5``."""
    SIX = 6
    """The six, written ``6``."""
    SEVEN = 7
    """The seven, written ``7``."""
    EIGHT = 8
    """The eight, written ``8``."""
    NINE = 9
    """The nine, written ``9``."""
    TEN = 10
    """The ten, written ``T`` or ``10``."""
    JACK = 11
    """The jack, written ``J``."""
    QUEEN = 12
    """The queen, written ``Q``."""
    KING = 13
    """The king, written ``K``."""

    @property
    def symbol(self) -> str:
        """The rank's one-character notation, such as ``'T'`` for the ten.

        >>> Rank.ACE.symbol
        'A'
        """
        return _RANK_SYMBOLS[self.value - 1]

    def __str__(self) -> str:
        return _RANK_SYMBOLS[self.value - 1]

    def __format__(self, spec: str) -> str:
        # As str(): a format spec pads or aligns the notation (int() for the number).
        return format(_RANK_SYMBOLS[self.value - 1], spec)

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Read a rank from ``A 2-9 10 T J Q K``, in either case.

        :raises InvalidCardError: if ``text`` is not a rank.

        >>> Rank.parse("q")
        <Rank.QUEEN: 12>
        """
        rank = _RANK_BY_TEXT.get(text.upper()) if isinstance(text, str) else None
        if rank is None:
            raise InvalidCardError(f"unknown rank {quoted(text)} ({_RANK_HELP})")
        return rank


_RANKS = tuple(Rank)
_RANK_SYMBOLS = "A23456789TJQK"
_RANK_BY_TEXT: dict[str, Rank] = {
    symbol: rank for symbol, rank in zip(_RANK_SYMBOLS, _RANKS, strict=True)
}
_RANK_BY_TEXT["10"] = Rank.TEN


def _code_reason(text: str) -> int | str:
    """Return the card code written by ``text``, or why it is not a card."""
    if not text:
        return "empty card"
    if text.upper() == "JK":
        return JOKER_CODE
    if len(text) < 2:
        return "too short: a card is a rank followed by a suit"
    rank_text, suit_text = text[:-1], text[-1]
    rank = _RANK_BY_TEXT.get(rank_text.upper())
    if rank is None:
        return f"unknown rank {quoted(rank_text)} ({_RANK_HELP})"
    suit = _SUIT_BY_TEXT.get(suit_text.lower())
    if suit is None:
        return f"unknown suit {quoted(suit_text)} ({_SUIT_HELP})"
    return _SUIT_INDEX[suit] * 13 + rank.value - 1


def _parse_code(text: str, where: str = "") -> int:
    if not isinstance(text, str):
        raise InvalidCardError(f"bad card {quoted(text)}: card notation must be a str")
    result = _code_reason(text)
    if isinstance(result, str):
        raise InvalidCardError(f"bad card {quoted(text)}{where}: {result}")
    return result


@attrs.frozen(init=False, repr=False)
class Card:
    """One playing card: a natural card or a printed joker.

    Build a card from its notation; :attr:`code` numbers the 53 kinds of
    card, and cards compare equal when their codes do.  Two cards from
    different decks that show the same face are equal.

    >>> card = Card("10h")
    >>> card, str(card), card.rank, card.suit
    (Card('Th'), 'Th', <Rank.TEN: 10>, <Suit.HEARTS: 'h'>)
    >>> Card("Jk").is_joker, Card("Jk").rank is None
    (True, True)
    >>> Card("As") < Card("Ks")
    Traceback (most recent call last):
    ...
    TypeError: '<' not supported between instances of 'Card' and 'Card'
    """

    code: int
    """0 to 51 for natural cards (13 × suit index + rank − 1), 52 for the joker."""

    # A card is made whole in __new__, which returns the one shared card of
    # each kind; __init__ is object's, which changes nothing, so calling it
    # again on a card (``card.__init__("Kd")``) cannot change that card, nor
    # every other holder of it.
    def __new__(cls, text: str) -> Card:
        card = _BY_TOKEN.get(text) if isinstance(text, str) else None
        if card is None:
            card = _CARDS[_parse_code(text)]
        return card

    def __getnewargs__(self) -> tuple[str]:
        return (_NAMES[self.code],)

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card from its notation, such as ``'As'``, ``'10♥'`` or ``'Jk'``.

        :raises InvalidCardError: naming the text and what is wrong with it.

        >>> Card.parse("q♣")
        Card('Qc')
        >>> Card.parse("Ax")
        Traceback (most recent call last):
        ...
        rummykit.errors.InvalidCardError: bad card 'Ax': unknown suit 'x' (suits are s h d c or ♠ ♥ ♦ ♣)
        """
        return _CARDS[_parse_code(text)]

    @classmethod
    def of(cls, rank: Rank | int, suit: Suit | str) -> Card:
        """The natural card of ``rank`` and ``suit``.

        :raises InvalidCardError: if either is not a rank or suit.

        >>> Card.of(Rank.KING, Suit.DIAMONDS)
        Card('Kd')
        >>> Card.of(1, "s")
        Card('As')
        """
        try:
            rank_value = Rank(rank).value
        except ValueError:
            raise InvalidCardError(
                f"unknown rank {quoted(rank)} ({_RANK_HELP})"
            ) from None
        suit_value = suit if isinstance(suit, Suit) else Suit.parse(str(suit))
        return _CARDS[_SUIT_INDEX[suit_value] * 13 + rank_value - 1]

    @classmethod
    def from_code(cls, code: int) -> Card:
        """The card with :attr:`code` ``code``.

        :raises InvalidCardError: if ``code`` is not from 0 to 52.

        >>> Card.from_code(0), Card.from_code(52)
        (Card('As'), Card('Jk'))
        """
        if not isinstance(code, int) or not 0 <= code <= JOKER_CODE:
            raise InvalidCardError(
                f"bad card code {quoted(code)}: codes run from 0 to 52"
            )
        return _CARDS[code]

    @classmethod
    def joker(cls) -> Card:
        """The printed joker.

        >>> Card.joker()
        Card('Jk')
        """
        return _CARDS[JOKER_CODE]

    @property
    def is_joker(self) -> bool:
        """Whether this is a printed joker.

        >>> Card("Jk").is_joker, Card("Js").is_joker
        (True, False)
        """
        return self.code == JOKER_CODE

    @property
    def rank(self) -> Rank | None:
        """The rank, or ``None`` for the printed joker.

        >>> Card("7d").rank
        <Rank.SEVEN: 7>
        """
        return None if self.code == JOKER_CODE else _RANKS[self.code % 13]

    @property
    def suit(self) -> Suit | None:
        """The suit, or ``None`` for the printed joker.

        >>> Card("7d").suit
        <Suit.DIAMONDS: 'd'>
        """
        return None if self.code == JOKER_CODE else _SUITS[self.code // 13]

    @property
    def symbol(self) -> str:
        """The card with its suit symbol, such as ``'T♥'``.

        >>> Card("10h").symbol, Card("Jk").symbol
        ('T♥', 'Jk')
        """
        if self.code == JOKER_CODE:
            return "Jk"
        return _RANK_SYMBOLS[self.code % 13] + _SUIT_SYMBOLS[self.code // 13]

    def __str__(self) -> str:
        return _NAMES[self.code]

    def __repr__(self) -> str:
        return f"Card({_NAMES[self.code]!r})"


_NAMES = (
    *(_RANK_SYMBOLS[code % 13] + _SUITS[code // 13].value for code in range(52)),
    "Jk",
)


def _make_card(code: int) -> Card:
    card = object.__new__(Card)
    object.__setattr__(card, "code", code)
    return card


_CARDS = tuple(_make_card(code) for code in range(JOKER_CODE + 1))


def _to_codes(cards: Iterable[Card | str] | str) -> tuple[int, ...]:
    if isinstance(cards, str):
        return Hand.parse(cards).codes
    if isinstance(cards, Hand):
        return cards.codes
    if not isinstance(cards, Iterable):
        raise InvalidCardError(
            f"bad cards {quoted(cards)}: expected notation or an iterable of cards"
        )
    codes = []
    for position, card in enumerate(cards, start=1):
        if isinstance(card, Card):
            codes.append(card.code)
        elif isinstance(card, str):
            codes.append(_parse_code(card, f" at position {position}"))
        else:
            raise InvalidCardError(
                f"bad card {quoted(card)} at position {position}: expected a Card or notation"
            )
    return tuple(sorted(codes))


@attrs.frozen(init=False, repr=False)
class Hand:
    """An immutable multiset of cards.

    Two decks can put two identical cards in one hand, so a hand counts
    copies.  Order does not matter: hands that hold the same cards are equal,
    and the cards are kept in deck order (spades, hearts, diamonds, clubs,
    each from ace to king, then jokers).

    >>> hand = Hand.parse("9c 9c 9h 2d Jk")
    >>> len(hand), hand.count(Card("9c")), Card("2d") in hand
    (5, 2, True)
    >>> hand == Hand.parse("Jk 2d 9h 9c 9c")
    True
    >>> print(hand.remove(Card("9c")))
    9h 2d 9c Jk
    """

    codes: tuple[int, ...]
    """The card codes, sorted; see :attr:`Card.code`."""

    # Made whole in __new__, as a card is: calling __init__ again changes nothing.
    def __new__(cls, cards: Iterable[Card | str] | str = ()) -> Hand:
        hand = object.__new__(cls)
        object.__setattr__(hand, "codes", _to_codes(cards))
        return hand

    @classmethod
    def parse(cls, text: str) -> Hand:
        """Read whitespace-separated cards.

        The empty string is the empty hand.

        :raises InvalidCardError: naming the bad token and its position.

        >>> Hand.parse("As 2s 3s")
        Hand.parse('As 2s 3s')
        >>> Hand.parse("As, 2s")
        Traceback (most recent call last):
        ...
        rummykit.errors.InvalidCardError: bad card 'As,' at position 1 of 'As, 2s': unknown rank 'As' (ranks are A 2-9 10|T J Q K)
        """
        return cls._from_sorted(tuple(sorted(card.code for card in parse_cards(text))))

    @classmethod
    def _from_sorted(cls, codes: tuple[int, ...]) -> Hand:
        hand = object.__new__(cls)
        object.__setattr__(hand, "codes", codes)
        return hand

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards, in deck order.

        >>> Hand.parse("Kd As").cards
        (Card('As'), Card('Kd'))
        """
        return tuple(_CARDS[code] for code in self.codes)

    def count(self, card: Card | str) -> int:
        """How many copies of ``card`` the hand holds.

        >>> Hand.parse("Jk Jk 5s").count("Jk")
        2
        """
        return self.codes.count(_to_card(card).code)

    def add(self, *cards: Card | str) -> Hand:
        """A new hand with ``cards`` added.

        >>> Hand.parse("As").add(Card("Jk"), "2s")
        Hand.parse('As 2s Jk')
        """
        return Hand._from_sorted(tuple(sorted(self.codes + _to_codes(cards))))

    def remove(self, *cards: Card | str) -> Hand:
        """A new hand with one copy of each of ``cards`` taken out.

        :raises InvalidCardError: if the hand does not hold them all.

        >>> Hand.parse("As 2s 2s").remove("2s")
        Hand.parse('As 2s')
        >>> Hand.parse("As").remove("Ks")
        Traceback (most recent call last):
        ...
        rummykit.errors.InvalidCardError: Ks is not in the hand As
        """
        remaining = list(self.codes)
        for code in _to_codes(cards):
            try:
                remaining.remove(code)
            except ValueError:
                raise InvalidCardError(
                    f"{_NAMES[code]} is not in the hand {self}"
                ) from None
        return Hand._from_sorted(tuple(remaining))

    def __add__(self, other: Iterable[Card | str]) -> Hand:
        return self.add(*Hand(other))

    def __sub__(self, other: Iterable[Card | str]) -> Hand:
        return self.remove(*Hand(other))

    def __len__(self) -> int:
        return len(self.codes)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __contains__(self, card: object) -> bool:
        if isinstance(card, str):
            card = _to_card(card)
        return isinstance(card, Card) and card.code in self.codes

    def __str__(self) -> str:
        return " ".join(_NAMES[code] for code in self.codes)

    def __repr__(self) -> str:
        return f"Hand.parse({str(self)!r})"


def parse_cards(text: str) -> tuple[Card, ...]:
    """Read whitespace-separated cards, keeping their order.

    :raises InvalidCardError: naming the bad token and its position.

    >>> parse_cards("Ks Qs Jk")
    (Card('Ks'), Card('Qs'), Card('Jk'))
    >>> parse_cards("Ks Q")
    Traceback (most recent call last):
    ...
    rummykit.errors.InvalidCardError: bad card 'Q' at position 2 of 'Ks Q': too short: a card is a rank followed by a suit
    """
    if not isinstance(text, str):
        raise InvalidCardError(f"bad cards {quoted(text)}: card notation must be a str")
    tokens = text.split()
    try:
        return tuple(map(_BY_TOKEN.__getitem__, tokens))
    except KeyError:
        pass
    cards = []
    for position, token in enumerate(tokens, start=1):
        card = _BY_TOKEN.get(token)
        if card is None:
            # The message is built only for a token that fails, so reading
            # stays linear in the length of the text.
            card = _CARDS[
                _parse_code(token, f" at position {position} of {quoted(text)}")
            ]
            if len(_BY_TOKEN) < _MAX_SPELLINGS:
                _BY_TOKEN[token] = card
        cards.append(card)
    return tuple(cards)


#: Every spelling of a card read so far, to its card.  Only valid spellings
#: are kept, and there are a few thousand of them at most (ranks and suits in
#: either case, ``10`` or ``T``, letters or symbols), so the table stays small.
_BY_TOKEN: dict[str, Card] = {}
_MAX_SPELLINGS = 10_000


def _to_card(card: Card | str) -> Card:
    return card if isinstance(card, Card) else Card.parse(card)


@attrs.frozen(kw_only=True)
class DeckSpec:
    """What a full deck holds: how many 52-card decks and printed jokers.

    :meth:`cards` lays the deck out in a fixed order: each 52-card deck in
    turn (spades, hearts, diamonds, clubs, each from ace to king), then the
    jokers.

    >>> spec = DeckSpec(decks=2, jokers=4)
    >>> spec.size
    108
    >>> spec.cards()[:3], spec.cards()[-1]
    ((Card('As'), Card('2s'), Card('3s')), Card('Jk'))
    >>> DeckSpec(decks=0)
    Traceback (most recent call last):
    ...
    rummykit.errors.InvalidOptionError: DeckSpec.decks must be from 1 to 3, not 0
    """

    decks: int = 1
    """The number of 52-card decks, from 1 to 3."""
    jokers: int = 0
    """The number of printed jokers, from 0 to 8."""

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.decks, int) or not 1 <= self.decks <= 3:
            raise InvalidOptionError(
                f"DeckSpec.decks must be from 1 to 3, not {quoted(self.decks)}"
            )
        if not isinstance(self.jokers, int) or not 0 <= self.jokers <= 8:
            raise InvalidOptionError(
                f"DeckSpec.jokers must be from 0 to 8, not {quoted(self.jokers)}"
            )

    @property
    def size(self) -> int:
        """The number of cards in the full deck.

        >>> DeckSpec().size
        52
        """
        return 52 * self.decks + self.jokers

    def cards(self) -> tuple[Card, ...]:
        """Every card of the deck, in the fixed order described above.

        >>> len(DeckSpec(decks=2).cards())
        104
        """
        return _CARDS[:52] * self.decks + (_CARDS[JOKER_CODE],) * self.jokers

    def hand(self) -> Hand:
        """The whole deck as one :class:`Hand`, for counting cards.

        >>> DeckSpec(jokers=2).hand().count("Jk")
        2
        """
        return Hand(self.cards())

    def copies(self, card: Card) -> int:
        """How many copies of ``card`` the deck holds.

        >>> DeckSpec(decks=2, jokers=2).copies(Card("As"))
        2
        """
        return self.jokers if card.is_joker else self.decks


def sorted_for_display(
    cards: Iterable[Card], *, ace_high: bool = False, by: str = "suit"
) -> tuple[Card, ...]:
    """Order cards for people: by suit then rank, or by rank then suit.

    Jokers go last.  With ``ace_high`` the ace sorts above the king.

    >>> hand = Hand.parse("Kh As 3h Jk Ah 3s")
    >>> " ".join(map(str, sorted_for_display(hand)))
    'As 3s Ah 3h Kh Jk'
    >>> " ".join(map(str, sorted_for_display(hand, by="rank", ace_high=True)))
    '3s 3h Kh As Ah Jk'
    """
    if by not in ("suit", "rank"):
        raise InvalidOptionError(
            f"sorted_for_display: by must be 'suit' or 'rank', not {quoted(by)}"
        )

    def key(card: Card) -> tuple[int, int, int]:
        if card.code == JOKER_CODE:
            return (1, 0, 0)
        rank = card.code % 13 + 1
        if ace_high and rank == 1:
            rank = 14
        suit = card.code // 13
        return (0, suit, rank) if by == "suit" else (0, rank, suit)

    return tuple(sorted(cards, key=key))
