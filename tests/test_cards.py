"""Tests for cards.py: suits, ranks, cards, hands, decks and their notation."""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable
from contextlib import AbstractContextManager

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummykit import (
    JOKER_CODE,
    Card,
    DeckSpec,
    Hand,
    InvalidCardError,
    Rank,
    RummyError,
    Suit,
    parse_cards,
    sorted_for_display,
)
from tests.strategies import (
    NATURAL_CARDS,
    card_notations,
    cards,
    deals,
    deck_specs,
    hands,
    natural_cards,
    ranks,
    suits,
)

ALL_CARDS = (*NATURAL_CARDS, Card.joker())


def _raises_card_error(
    message: str | None = None,
) -> AbstractContextManager[pytest.ExceptionInfo[InvalidCardError]]:
    """Expect an InvalidCardError whose message contains ``message`` verbatim."""
    return pytest.raises(
        InvalidCardError, match=None if message is None else re.escape(message)
    )


# --- suits and ranks -------------------------------------------------------


@pytest.mark.parametrize(
    ("texts", "suit", "symbol"),
    [
        (("s", "S", "♠", "♤"), Suit.SPADES, "♠"),
        (("h", "H", "♥", "♡"), Suit.HEARTS, "♥"),
        (("d", "D", "♦", "♢"), Suit.DIAMONDS, "♦"),
        (("c", "C", "♣", "♧"), Suit.CLUBS, "♣"),
    ],
)
def test_suit_parse_accepts_letters_and_symbols(
    texts: tuple[str, ...], suit: Suit, symbol: str
) -> None:
    for text in texts:
        assert Suit.parse(text) is suit
    assert suit.symbol == symbol
    assert str(suit) == suit.value == texts[0]


def test_suit_order_is_deck_order() -> None:
    assert [suit.order for suit in Suit] == [0, 1, 2, 3]
    assert list(Suit) == [Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS]


@pytest.mark.parametrize(
    ("texts", "rank"),
    [
        (("A", "a"), Rank.ACE),
        (("2",), Rank.TWO),
        (("9",), Rank.NINE),
        (("10", "T", "t"), Rank.TEN),
        (("J", "j"), Rank.JACK),
        (("Q", "q"), Rank.QUEEN),
        (("K", "k"), Rank.KING),
    ],
)
def test_rank_parse(texts: tuple[str, ...], rank: Rank) -> None:
    for text in texts:
        assert Rank.parse(text) is rank


def test_rank_values_and_symbols() -> None:
    assert [int(rank) for rank in Rank] == list(range(1, 14))
    assert "".join(rank.symbol for rank in Rank) == "A23456789TJQK"


def test_a_rank_reads_as_its_notation() -> None:
    assert str(Rank.QUEEN) == "Q"
    assert [str(rank) for rank in Rank] == list("A23456789TJQK")
    assert [f"{rank}" for rank in Rank] == list("A23456789TJQK")
    assert f"[{Rank.TEN:>3}] [{Rank.ACE:<2}]" == "[  T] [A ]"
    # the number is still there, and repr() still says which member it is
    assert int(Rank.QUEEN) == 12 and f"{int(Rank.QUEEN):02d}" == "12"
    assert repr(Rank.QUEEN) == "<Rank.QUEEN: 12>"
    for rank in Rank:
        assert Rank.parse(str(rank)) is rank
    for suit in Suit:
        assert str(suit) == f"{suit}" == suit.value


@given(natural_cards())
def test_a_card_reads_as_its_rank_then_its_suit(card: Card) -> None:
    assert card.rank is not None and card.suit is not None
    assert str(card) == f"{card.rank}{card.suit}" == str(card.rank) + str(card.suit)


@pytest.mark.parametrize(
    "text", ["", "1", "11", "0", "14", "Z", "Ｋ", "AA", " A", "Jk"]
)
def test_rank_parse_rejects(text: str) -> None:
    with _raises_card_error(f"unknown rank {text!r}"):
        Rank.parse(text)


@pytest.mark.parametrize("text", ["", "x", "S ", "sp", "♠♠", "🂡", "ｓ", "Jk"])
def test_suit_parse_rejects(text: str) -> None:
    with _raises_card_error(f"unknown suit {text!r}"):
        Suit.parse(text)


@pytest.mark.parametrize("value", [None, 1, 1.0, b"s", Suit])
def test_suit_and_rank_parse_reject_non_str(value: object) -> None:
    with pytest.raises(InvalidCardError):
        Suit.parse(value)  # type: ignore[arg-type]
    with pytest.raises(InvalidCardError):
        Rank.parse(value)  # type: ignore[arg-type]


# --- cards: notation --------------------------------------------------------


@given(cards())
def test_str_parse_round_trip(card: Card) -> None:
    assert Card.parse(str(card)) == card
    assert Card(str(card)) == card
    assert Card.parse(card.symbol) == card


@given(cards())
def test_repr_evaluates_to_an_equal_card(card: Card) -> None:
    text = repr(card)
    assert text == f"Card({str(card)!r})"
    rebuilt = eval(text, {"Card": Card})
    assert rebuilt == card
    assert hash(rebuilt) == hash(card)


@given(st.data())
def test_every_spelling_parses_to_the_same_card(data: st.DataObject) -> None:
    card = data.draw(cards())
    text = data.draw(card_notations(card))
    assert Card.parse(text) == card
    assert str(Card.parse(text)) == str(card)


@given(natural_cards())
def test_natural_card_fields_are_consistent(card: Card) -> None:
    assert card.rank is not None and card.suit is not None
    assert not card.is_joker
    assert card.code == 13 * card.suit.order + card.rank - 1
    assert Card.of(card.rank, card.suit) == card
    assert Card.of(int(card.rank), card.suit.value) == card
    assert Card.of(card.rank, card.suit.symbol) == card
    assert Card.from_code(card.code) == card
    assert str(card) == card.rank.symbol + card.suit.value
    assert card.symbol == card.rank.symbol + card.suit.symbol


@given(ranks(), suits())
def test_card_of_agrees_with_notation(rank: Rank, suit: Suit) -> None:
    card = Card.of(rank, suit)
    assert card.rank is rank and card.suit is suit
    assert Card.parse(rank.symbol + suit.value) == card


def test_joker() -> None:
    joker = Card.parse("Jk")
    assert joker == Card.joker() == Card.from_code(JOKER_CODE) == Card("JK")
    assert joker.is_joker
    assert joker.rank is None and joker.suit is None
    assert (str(joker), repr(joker), joker.symbol) == ("Jk", "Card('Jk')", "Jk")
    assert joker != Card.parse("Js")


def test_ten_is_written_t() -> None:
    assert Card.parse("10h") == Card.parse("Th") == Card.parse("t♥")
    assert str(Card.parse("10h")) == "Th"
    assert repr(Card.parse("10h")) == "Card('Th')"


def test_there_are_53_distinct_cards() -> None:
    assert len(set(ALL_CARDS)) == 53
    assert len({str(card) for card in ALL_CARDS}) == 53
    assert [card.code for card in ALL_CARDS] == list(range(53))
    assert str(ALL_CARDS[0]) == "As" and str(ALL_CARDS[51]) == "Kc"


def test_cards_compare_by_face_and_hash_alike() -> None:
    first, second = Card("9c"), Card.parse("9♣")
    assert first == second and hash(first) == hash(second)
    assert len({first, second}) == 1
    assert first != Card("9h")
    notation: object = "9c"
    assert first != notation


@pytest.mark.parametrize(
    "compare",
    [
        lambda a, b: a < b,
        lambda a, b: a <= b,
        lambda a, b: a > b,
        lambda a, b: a >= b,
    ],
)
def test_cards_have_no_ordering(compare: Callable[[Card, Card], object]) -> None:
    with pytest.raises(TypeError):
        compare(Card("As"), Card("Ks"))
    with pytest.raises(TypeError):
        sorted([Card("Ks"), Card("As")])


def test_cards_are_immutable() -> None:
    card = Card("As")
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        card.code = 5  # type: ignore[misc]
    assert card == Card("As")


# --- cards: invalid input -------------------------------------------------


BAD_CARDS = {
    # empty and blank
    "": "empty card",
    " ": "too short",
    "\t\n": "unknown rank",
    # unknown ranks
    "1s": "unknown rank '1'",
    "11s": "unknown rank '11'",
    "Zs": "unknown rank 'Z'",
    "0s": "unknown rank '0'",
    "14h": "unknown rank '14'",
    "100s": "unknown rank '100'",
    "1 0s": "unknown rank '1 0'",
    # unknown suits
    "Ax": "unknown suit 'x'",
    "10z": "unknown suit 'z'",
    "AJ": "unknown suit 'J'",
    # too short, or the wrong way round
    "A": "too short",
    "s": "too short",
    "♠A": "unknown rank '♠'",
    "sA": "unknown rank 's'",
    # stray separators and padding
    "As,": "unknown rank 'As'",
    "As;": "unknown rank 'As'",
    "As,2s": "unknown rank 'As,2'",
    "As 2s": "unknown rank 'As 2'",
    " As": "unknown rank ' A'",
    "As ": "unknown rank 'As'",
    "As\n": "unknown rank 'As'",
    "A-s": "unknown rank 'A-'",
    # jokers spelled wrongly
    "Joker": "unknown rank 'Joke'",
    "J k": "unknown rank 'J '",
    "Jks": "unknown rank 'Jk'",
    "JJk": "unknown rank 'JJ'",
    # unicode
    "Ａs": "unknown rank 'Ａ'",  # fullwidth A
    "Aｓ": "unknown suit 'ｓ'",  # fullwidth s
    "ＡＳ": "unknown rank 'Ａ'",
    "Ｊｋ": "unknown rank 'Ｊ'",
    "🂡": "too short",  # the playing-card ace of spades
    "A🂡": "unknown suit '🂡'",
    "😀s": "unknown rank '😀'",
    "A\u0301s": "unknown rank " + repr("A\u0301"),  # combining acute on the rank
    "As\u0301": "unknown rank 'As'",  # combining mark after the suit
    "A\u200bs": "unknown rank " + repr("A\u200b"),  # zero-width space
    "\u0661s": "unknown rank '١'",  # Arabic-Indic digit one
    "A\u2660\ufe0f": "unknown rank 'A♠'",  # spade with an emoji variation selector
}


@pytest.mark.parametrize(("text", "reason"), BAD_CARDS.items())
def test_bad_card_notation(text: str, reason: str) -> None:
    with pytest.raises(InvalidCardError) as caught:
        Card.parse(text)
    message = str(caught.value)
    assert message.startswith(f"bad card {text!r}")
    assert reason in message
    with _raises_card_error(f"bad card {text!r}"):
        Card(text)


def test_invalid_card_error_is_a_value_error_and_a_rummy_error() -> None:
    with pytest.raises(ValueError):
        Card.parse("Zs")
    with pytest.raises(RummyError):
        Card.parse("Zs")
    assert issubclass(InvalidCardError, ValueError)
    assert issubclass(InvalidCardError, RummyError)


@pytest.mark.parametrize("value", [None, 5, 1.5, b"As", ["As"], Card("As")])
def test_card_parse_rejects_non_str(value: object) -> None:
    with _raises_card_error(f"bad card {value!r}: card notation must be a str"):
        Card.parse(value)  # type: ignore[arg-type]
    with _raises_card_error("must be a str"):
        Card(value)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("rank", "suit", "message"),
    [
        (0, "s", "unknown rank 0"),
        (14, "s", "unknown rank 14"),
        (-1, Suit.SPADES, "unknown rank -1"),
        (1, "x", "unknown suit 'x'"),
        (Rank.ACE, "", "unknown suit ''"),
    ],
)
def test_card_of_rejects(rank: int, suit: str, message: str) -> None:
    with _raises_card_error(message):
        Card.of(rank, suit)


@pytest.mark.parametrize("code", [-1, 53, 100, "1", None, 1.0])
def test_from_code_rejects(code: object) -> None:
    with _raises_card_error(f"bad card code {code!r}"):
        Card.from_code(code)  # type: ignore[arg-type]


# --- hands: notation ---------------------------------------------------------


@given(hands())
def test_hand_str_parse_round_trip(hand: Hand) -> None:
    assert Hand.parse(str(hand)) == hand
    assert Hand(str(hand)) == hand
    assert Hand.parse(" ".join(card.symbol for card in hand)) == hand


@given(hands())
def test_hand_repr_evaluates_to_an_equal_hand(hand: Hand) -> None:
    text = repr(hand)
    assert text == f"Hand.parse({str(hand)!r})"
    rebuilt = eval(text, {"Hand": Hand})
    assert rebuilt == hand
    assert hash(rebuilt) == hash(hand)


@given(deals(), st.data())
def test_hand_parse_accepts_any_spelling_and_whitespace(
    dealt: tuple[Card, ...], data: st.DataObject
) -> None:
    tokens = [data.draw(card_notations(card)) for card in dealt]
    gaps = data.draw(
        st.lists(
            st.text(" \t\n\r", min_size=1, max_size=3),
            min_size=len(tokens) + 1,
            max_size=len(tokens) + 1,
        )
    )
    text = gaps[0] + "".join(
        token + gap for token, gap in zip(tokens, gaps[1:], strict=True)
    )
    assert parse_cards(text) == dealt
    assert Hand.parse(text) == Hand(dealt)


@given(deals())
def test_parse_cards_keeps_order(dealt: tuple[Card, ...]) -> None:
    assert parse_cards(" ".join(map(str, dealt))) == dealt


def test_empty_hand() -> None:
    assert Hand.parse("") == Hand() == Hand([]) == Hand.parse(" \n\t ")
    assert len(Hand()) == 0
    assert str(Hand()) == ""
    assert repr(Hand()) == "Hand.parse('')"
    assert list(Hand()) == []
    assert parse_cards("") == ()


BAD_HANDS = [
    # (text, bad token, 1-based position)
    ("As 2s 1x", "1x", 3),
    ("1x", "1x", 1),
    ("As,2s", "As,2s", 1),
    ("As, 2s", "As,", 1),
    ("As 2s;", "2s;", 2),
    ("As ; 2s", ";", 2),
    ("As 11s Ks", "11s", 2),
    ("Ks Qs Js Zs", "Zs", 4),
    ("Ks Ax", "Ax", 2),
    ("Ks Q", "Q", 2),
    ("Jk Joker", "Joker", 2),
    ("As Ａs", "Ａs", 2),
    ("As 2s 😀", "😀", 3),
    ("As 3\u0301s", "3\u0301s", 2),
    ("As\u200b2s", "As\u200b2s", 1),
    ("As|2s", "As|2s", 1),
]


@pytest.mark.parametrize(("text", "token", "position"), BAD_HANDS)
def test_bad_hand_names_token_and_position(
    text: str, token: str, position: int
) -> None:
    expected = f"bad card {token!r} at position {position} of {text!r}"
    with _raises_card_error(expected):
        Hand.parse(text)
    with _raises_card_error(expected):
        parse_cards(text)
    with _raises_card_error(expected):
        Hand(text)


def test_bad_hand_message_example_from_the_brief() -> None:
    with pytest.raises(InvalidCardError) as caught:
        Hand.parse("As 2s 1x")
    assert "'1x' at position 3 of 'As 2s 1x'" in str(caught.value)
    assert "unknown rank '1'" in str(caught.value)


_BAD_TOKENS = ("1x", "Zs", "Ax", "11s", "Q", "As,", "0c", "Ｋs", "🂡")


@given(deals(max_size=8), st.sampled_from(_BAD_TOKENS), st.data())
def test_first_bad_token_is_reported_with_its_position(
    dealt: tuple[Card, ...], bad: str, data: st.DataObject
) -> None:
    index = data.draw(st.integers(0, len(dealt)))
    tokens = [*map(str, dealt[:index]), bad, *map(str, dealt[index:])]
    text = " ".join(tokens)
    with _raises_card_error(f"bad card {bad!r} at position {index + 1} of {text!r}"):
        Hand.parse(text)


@pytest.mark.parametrize("value", [None, 5, b"As 2s", 3.0])
def test_hand_parse_rejects_non_str(value: object) -> None:
    with _raises_card_error("card notation must be a str"):
        Hand.parse(value)  # type: ignore[arg-type]
    with _raises_card_error("card notation must be a str"):
        parse_cards(value)  # type: ignore[arg-type]


@pytest.mark.parametrize("value", [None, 5, 3.0])
def test_hand_rejects_a_non_iterable(value: object) -> None:
    with _raises_card_error(f"bad cards {value!r}"):
        Hand(value)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("items", "message"),
    [
        ([5], "bad card 5 at position 1: expected a Card or notation"),
        (["As", None], "bad card None at position 2: expected a Card or notation"),
        ([Card("As"), "Ks", "Zz"], "bad card 'Zz' at position 3: unknown rank 'Z'"),
        ((b"As",), "bad card b'As' at position 1"),
    ],
)
def test_hand_rejects_bad_items(items: list[object], message: str) -> None:
    with _raises_card_error(message):
        Hand(items)  # type: ignore[arg-type]
    with _raises_card_error(message):
        Hand.parse("2c").add(*items)  # type: ignore[arg-type]


# --- hands: a multiset ----------------------------------------------------


@given(deals(), st.randoms(use_true_random=False))
def test_hand_equality_ignores_order(
    dealt: tuple[Card, ...], rng: random.Random
) -> None:
    shuffled = list(dealt)
    rng.shuffle(shuffled)
    assert Hand(dealt) == Hand(shuffled)
    assert hash(Hand(dealt)) == hash(Hand(shuffled))
    assert Hand(dealt) == Hand(reversed(dealt))


@given(deals())
def test_hand_counts_copies(dealt: tuple[Card, ...]) -> None:
    hand = Hand(dealt)
    counts = Counter(dealt)
    assert len(hand) == len(dealt)
    for card in ALL_CARDS:
        assert hand.count(card) == counts[card]
        assert hand.count(str(card)) == counts[card]
        assert (card in hand) == (counts[card] > 0)
        assert (str(card) in hand) == (counts[card] > 0)
    assert Counter(hand) == counts


@given(deals())
def test_hand_keeps_cards_in_deck_order(dealt: tuple[Card, ...]) -> None:
    hand = Hand(dealt)
    assert [card.code for card in hand.cards] == sorted(card.code for card in dealt)
    assert tuple(hand) == hand.cards
    assert hand.codes == tuple(card.code for card in hand.cards)


def test_hands_with_different_copies_differ() -> None:
    assert Hand.parse("9c 9c 9h") != Hand.parse("9c 9h 9h")
    assert Hand.parse("9c 9c 9h") != Hand.parse("9c 9h")
    assert Hand.parse("Jk Jk") != Hand.parse("Jk")
    card: object = Card("As")
    assert Hand.parse("As") != card


@given(hands(), deals(max_size=6))
def test_add_then_remove_round_trip(hand: Hand, extra: tuple[Card, ...]) -> None:
    bigger = hand.add(*extra)
    assert len(bigger) == len(hand) + len(extra)
    for card in extra:
        assert bigger.count(card) == hand.count(card) + extra.count(card)
    assert bigger.remove(*extra) == hand
    assert bigger.remove(*map(str, extra)) == hand
    assert hand + extra == bigger
    assert bigger - extra == hand
    assert hand + Hand(extra) == bigger


@given(deals(), st.data())
def test_remove_then_add_round_trip(
    dealt: tuple[Card, ...], data: st.DataObject
) -> None:
    hand = Hand(dealt)
    # Choose by position, so that a hand with two copies may lose one or both.
    positions = data.draw(st.sets(st.integers(0, len(dealt) - 1))) if dealt else set()
    taken = [dealt[i] for i in sorted(positions)]
    smaller = hand.remove(*taken)
    assert len(smaller) == len(hand) - len(taken)
    assert smaller == Hand(card for i, card in enumerate(dealt) if i not in positions)
    assert smaller.add(*taken) == hand


def test_add_and_remove_accept_notation() -> None:
    hand = Hand.parse("As")
    assert hand.add("2s", Card("Jk")) == Hand.parse("As 2s Jk")
    assert hand + "2s 3s" == Hand.parse("As 2s 3s")
    assert Hand.parse("As 2s 3s") - "3s As" == Hand.parse("2s")
    assert Hand.parse("As 2s 2s").remove("2s") == Hand.parse("As 2s")


@given(hands())
def test_hand_operations_do_not_mutate(hand: Hand) -> None:
    before = hand.codes
    hand.add(Card.joker())
    if len(hand):
        hand.remove(hand.cards[0])
    assert hand.codes == before
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        hand.codes = ()  # type: ignore[misc]


@pytest.mark.parametrize(
    ("hand", "remove", "message"),
    [
        ("As", ("Ks",), "Ks is not in the hand As"),
        ("As 2s", ("Jk",), "Jk is not in the hand As 2s"),
        ("9c 9h", ("9c", "9c"), "9c is not in the hand"),
        ("", ("As",), "As is not in the hand"),
        ("As Ks", ("As", "Qs"), "Qs is not in the hand As Ks"),
    ],
)
def test_remove_of_a_missing_card(
    hand: str, remove: tuple[str, ...], message: str
) -> None:
    original = Hand.parse(hand)
    with _raises_card_error(message):
        original.remove(*remove)
    with _raises_card_error(message):
        original.remove(*map(Card.parse, remove))
    with _raises_card_error(message):
        original - remove
    assert original == Hand.parse(hand)


def test_remove_with_bad_notation() -> None:
    with _raises_card_error("bad card 'Zs' at position 1"):
        Hand.parse("As").remove("Zs")


def test_count_and_contains_with_bad_notation() -> None:
    hand = Hand.parse("As")
    with _raises_card_error("bad card 'Zs'"):
        hand.count("Zs")
    with _raises_card_error("bad card 5"):
        hand.count(5)  # type: ignore[arg-type]
    assert 5 not in hand
    assert None not in hand


def test_hand_from_hand_and_iterables() -> None:
    hand = Hand.parse("Jk 2d 9h 9c 9c")
    assert Hand(hand) == hand
    assert Hand(iter(hand.cards)) == hand
    assert Hand(str(card) for card in hand) == hand
    assert Hand(["Jk", Card("2d"), "9♥", "9c", "9C"]) == hand


# --- decks -----------------------------------------------------------------


@given(deck_specs())
def test_deck_spec_counts(spec: DeckSpec) -> None:
    deck = spec.cards()
    assert spec.size == 52 * spec.decks + spec.jokers == len(deck)
    counts = Counter(deck)
    for card in NATURAL_CARDS:
        assert counts[card] == spec.decks == spec.copies(card)
    assert counts[Card.joker()] == spec.jokers == spec.copies(Card.joker())
    whole = spec.hand()
    assert len(whole) == spec.size
    assert whole == Hand(deck)
    assert whole.count("Jk") == spec.jokers


@pytest.mark.parametrize(
    ("decks", "jokers", "size"),
    [(1, 0, 52), (2, 4, 108), (2, 2, 106), (3, 0, 156), (3, 8, 164), (1, 8, 60)],
)
def test_deck_spec_sizes(decks: int, jokers: int, size: int) -> None:
    assert DeckSpec(decks=decks, jokers=jokers).size == size


def test_deck_spec_order() -> None:
    deck = DeckSpec(decks=2, jokers=2).cards()
    assert deck[:52] == NATURAL_CARDS
    assert deck[52:104] == NATURAL_CARDS
    assert deck[104:] == (Card.joker(), Card.joker())
    assert DeckSpec() == DeckSpec(decks=1, jokers=0)
    assert DeckSpec().cards() == NATURAL_CARDS


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"decks": 0}, "DeckSpec.decks must be from 1 to 3, not 0"),
        ({"decks": 4}, "DeckSpec.decks must be from 1 to 3, not 4"),
        ({"decks": -1}, "DeckSpec.decks must be from 1 to 3, not -1"),
        ({"decks": "2"}, "DeckSpec.decks must be from 1 to 3, not '2'"),
        ({"decks": None}, "DeckSpec.decks must be from 1 to 3, not None"),
        ({"jokers": -1}, "DeckSpec.jokers must be from 0 to 8, not -1"),
        ({"jokers": 9}, "DeckSpec.jokers must be from 0 to 8, not 9"),
        ({"jokers": 2.0}, "DeckSpec.jokers must be from 0 to 8, not 2.0"),
    ],
)
def test_deck_spec_rejects(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        DeckSpec(**kwargs)  # type: ignore[arg-type]


@given(st.integers(1, 3), st.integers(0, 8), st.data())
def test_hands_strategy_respects_the_deck(
    decks: int, jokers: int, data: st.DataObject
) -> None:
    spec = DeckSpec(decks=decks, jokers=jokers)
    hand = data.draw(hands(0, 20, decks=decks, jokers=jokers))
    assert len(hand) <= 20
    for card, count in Counter(hand).items():
        assert count <= spec.copies(card)


# --- display order --------------------------------------------------------


def _display_key(card: Card, by: str, ace_high: bool) -> tuple[int, int, int]:
    if card.is_joker:
        return (1, 0, 0)
    assert card.rank is not None and card.suit is not None
    rank = 14 if ace_high and card.rank is Rank.ACE else int(card.rank)
    return (0, card.suit.order, rank) if by == "suit" else (0, rank, card.suit.order)


@given(deals(), st.sampled_from(["suit", "rank"]), st.booleans())
def test_sorted_for_display(dealt: tuple[Card, ...], by: str, ace_high: bool) -> None:
    shown = sorted_for_display(dealt, by=by, ace_high=ace_high)
    assert Hand(shown) == Hand(dealt)
    keys = [_display_key(card, by, ace_high) for card in shown]
    assert keys == sorted(keys)
    jokers = [card.is_joker for card in shown]
    assert jokers == sorted(jokers), "jokers go last"


def test_sorted_for_display_examples() -> None:
    hand = Hand.parse("Kh As 3h Jk Ah 3s")
    assert " ".join(map(str, sorted_for_display(hand))) == "As 3s Ah 3h Kh Jk"
    assert (
        " ".join(map(str, sorted_for_display(hand, by="rank"))) == "As Ah 3s 3h Kh Jk"
    )
    assert (
        " ".join(map(str, sorted_for_display(hand, by="rank", ace_high=True)))
        == "3s 3h Kh As Ah Jk"
    )
    assert (
        " ".join(map(str, sorted_for_display(hand, ace_high=True)))
        == "3s As 3h Kh Ah Jk"
    )
    assert sorted_for_display([]) == ()


def test_sorted_for_display_rejects_unknown_order() -> None:
    with pytest.raises(ValueError, match="by must be 'suit' or 'rank', not 'colour'"):
        sorted_for_display(Hand.parse("As"), by="colour")
