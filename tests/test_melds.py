"""Tests for melds.py: MeldRules options, Meld.build, and RULES.md's meld examples.

Tests named ``test_<rule>_...`` check the meld-validity part of the worked
example of that number in RULES.md (§1.7 Rumino R*, §2.7 Indian I*, §3.6
Classic C*).  Whole-hand evaluations (deadwood, gin, rumino, declarations)
belong to the partitioner and variant tests.
"""

from __future__ import annotations

import random
import re
from contextlib import AbstractContextManager
from itertools import combinations, combinations_with_replacement

import attrs
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from rummykit import (
    Card,
    Hand,
    InvalidCardError,
    InvalidMeldError,
    Meld,
    MeldKind,
    MeldRules,
    Rank,
    RummyError,
    parse_cards,
)
from tests.profiles import examples
from tests.strategies import meld_candidates, meld_rules, ranks

#: Rumino (§1.2): sets of 3-4 that may repeat a card, runs of 3-4, ace low only.
RUMINO = MeldRules(max_run=4)
#: Indian, Gamentio preset (§2.2): Q-K-A allowed, sets of distinct suits, melds of 3-4.
INDIAN_G = MeldRules(ace_high=True, set_distinct_suits=True, max_run=4)
#: Indian, standard preset (§2.2): as Gamentio but runs of any length.
INDIAN_S = MeldRules(ace_high=True, set_distinct_suits=True)
#: Classic Rummy (§3.2): sets of 3-4, runs of 3 or more, ace low only.
CLASSIC = MeldRules(max_set=4)

PRESETS = (MeldRules(), RUMINO, INDIAN_G, INDIAN_S, CLASSIC)


def is_meld(
    text: str, rules: MeldRules = CLASSIC, wild_rank: Rank | None = None
) -> bool:
    return rules.is_meld(text, wild_rank=wild_rank)


def raises_meld_error(
    *fragments: str,
) -> AbstractContextManager[pytest.ExceptionInfo[InvalidMeldError]]:
    """Expect an InvalidMeldError whose message contains every fragment, in order."""
    pattern = ".*".join(re.escape(fragment) for fragment in fragments)
    return pytest.raises(InvalidMeldError, match=pattern)


# --- ace low, ace high and wrap ---------------------------------------------


ACE_CASES = [
    # the cards, and whether they are a meld under each of ACE_RULES
    ("As 2s 3s", {"low": True, "high": False, "both": True, "wrap": True}),
    ("Qs Ks As", {"low": False, "high": True, "both": True, "wrap": True}),
    ("Ks As 2s", {"low": False, "high": False, "both": False, "wrap": True}),
    ("Qs Ks As 2s", {"low": False, "high": False, "both": False, "wrap": True}),
    ("Js Qs Ks As 2s 3s", {"low": False, "high": False, "both": False, "wrap": True}),
    ("As 2s Jk", {"low": True, "high": False, "both": True, "wrap": True}),
    ("Ks As Jk", {"low": False, "high": True, "both": True, "wrap": True}),
    ("As 3s Ks", {"low": False, "high": False, "both": False, "wrap": False}),
    ("As Ks Jk", {"low": False, "high": True, "both": True, "wrap": True}),
    ("As Jk Qs", {"low": False, "high": True, "both": True, "wrap": True}),
    ("2s Jk Ks", {"low": False, "high": False, "both": False, "wrap": True}),
]
ACE_RULES = {
    "low": MeldRules(),
    "high": MeldRules(ace_low=False, ace_high=True),
    "both": MeldRules(ace_high=True),
    "wrap": MeldRules(wrap=True),
}


@pytest.mark.parametrize(("text", "expected"), ACE_CASES)
@pytest.mark.parametrize("mode", ACE_RULES)
def test_ace_low_high_and_wrap(text: str, expected: dict[str, bool], mode: str) -> None:
    assert ACE_RULES[mode].is_meld(text) is expected[mode]


def test_ace_high_only_refuses_ace_two_three() -> None:
    rules = MeldRules(ace_low=False, ace_high=True)
    with raises_meld_error("As 2s 3s is not a meld", "ace high only, no wrap"):
        Meld.build("As 2s 3s", rules)


def test_ace_cannot_be_low_and_high_in_one_run() -> None:
    both = MeldRules(ace_high=True)
    thirteen = "As 2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks"
    assert both.is_meld(thirteen)
    assert both.is_meld("2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As")
    # Fourteen cards would need the ace at both ends, even with two decks.
    assert not both.is_meld(thirteen + " As")
    assert not both.is_meld(thirteen + " Jk")
    assert not both.is_meld("Ks As 2s")
    assert both.longest_run == MeldRules().longest_run == 13


def test_jokers_beyond_the_ace_follow_the_ace_rules() -> None:
    low = Meld.build("Ks Jk Jk", MeldRules())
    assert [str(card) for card in low.stands_for] == ["Js", "Qs", "Ks"]
    high = Meld.build("As Jk Jk", MeldRules(ace_low=False, ace_high=True))
    assert [str(card) for card in high.stands_for] == ["Qs", "Ks", "As"]
    assert high.cards[-1] == Card("As")
    wrapped = Meld.build("Ks As Jk", MeldRules(wrap=True))
    assert [str(card) for card in wrapped.cards] == ["Ks", "As", "Jk"]
    assert [str(card) for card in wrapped.stands_for] == ["Ks", "As", "2s"]


def test_runs_are_listed_low_to_high() -> None:
    assert [str(card) for card in Meld.build("7s 5s 6s").cards] == ["5s", "6s", "7s"]
    qka = Meld.build("As Qs Ks", MeldRules(ace_high=True))
    assert [str(card) for card in qka.cards] == ["Qs", "Ks", "As"]
    ka2 = Meld.build("2s As Ks", MeldRules(wrap=True))
    assert [str(card) for card in ka2.cards] == ["Ks", "As", "2s"]


def test_ace_message_names_the_ace_rule() -> None:
    with raises_meld_error("not a run", "ace low only, no wrap"):
        Meld.build("Ks As 2s", CLASSIC)
    with raises_meld_error("not a run", "ace low or high, no wrap"):
        Meld.build("Ks As 2s", MeldRules(ace_high=True))


# --- set sizes and suits ------------------------------------------------------


def test_set_sizes() -> None:
    assert is_meld("9s 9h 9d")
    assert is_meld("9s 9h 9d 9c")
    assert not is_meld("9s 9h")
    assert not is_meld("9s 9h 9d 9c 9s")
    assert MeldRules(max_set=None).is_meld("9s 9h 9d 9c 9s")
    assert MeldRules(max_set=None).is_meld("9s 9h 9d 9c Jk Jk")
    assert MeldRules(max_set=5).is_meld("9s 9h 9d 9c Jk")
    assert not MeldRules(max_set=5).is_meld("9s 9h 9d 9c Jk Jk")
    assert not MeldRules(min_set=4).is_meld("9s 9h 9d")
    assert MeldRules(min_set=4).is_meld("9s 9h 9d 9c")
    assert MeldRules(min_set=2).is_meld("9s 9h")
    assert not MeldRules(min_set=2).is_meld("9s 8h")


def test_set_size_messages() -> None:
    with raises_meld_error("9s 9h is not a meld: a meld has at least 3 cards, not 2"):
        Meld.build("9s 9h")
    with raises_meld_error("not a set (a set has at most 4 cards (max_set), not 5)"):
        Meld.build("9s 9h 9d 9c 9s")
    with raises_meld_error("a set has at least 4 cards, not 3"):
        Meld.build("9s 9h 9d", MeldRules(min_set=4), kind=MeldKind.SET)


def test_set_distinct_suits() -> None:
    duplicate = "9c 9c 9h"
    assert MeldRules().is_meld(duplicate)
    built = Meld.build(duplicate)
    assert built.kind is MeldKind.SET and built.pure
    distinct = MeldRules(set_distinct_suits=True)
    assert not distinct.is_meld(duplicate)
    with raises_meld_error("9c 9c 9h is not a meld", "set_distinct_suits"):
        Meld.build(duplicate, distinct)
    assert not distinct.is_meld("9c 9c Jk")
    # Jokers fill a suit the naturals do not have.
    with_joker = Meld.build("9c 9h Jk", distinct)
    assert with_joker.stands_for[2].rank is Rank.NINE
    assert with_joker.stands_for[2].suit not in (Card("9c").suit, Card("9h").suit)
    # A wild card of the set's rank may be a joker to avoid the duplicate.
    wild = Meld.build(duplicate, distinct, wild_rank=Rank.NINE)
    assert wild.kind is MeldKind.SET and not wild.pure
    assert len({card.suit for card in wild.stands_for}) == 3
    # Runs are not affected.
    assert distinct.is_meld("3s 4s 5s")


def test_sets_need_one_rank() -> None:
    with raises_meld_error("not a set (ranks differ)"):
        Meld.build("9s 9h 8d")
    with raises_meld_error("ranks differ"):
        Meld.build("9s Jk 8d", kind=MeldKind.SET)


# --- run sizes ----------------------------------------------------------------


def test_run_sizes() -> None:
    assert RUMINO.is_meld("3s 4s 5s 6s")
    assert RUMINO.is_meld("3s Jk 5s Jk")
    assert not RUMINO.is_meld("3s 4s 5s 6s 7s")
    assert not RUMINO.is_meld("3s Jk 5s 6s Jk")
    assert MeldRules().is_meld("3s 4s 5s 6s 7s 8s 9s")
    assert MeldRules().is_meld("As 2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks")
    assert not MeldRules(min_run=4).is_meld("3s 4s 5s")
    assert MeldRules(min_run=4).is_meld("3s 4s 5s 6s")
    assert MeldRules(min_run=2).is_meld("3s 4s")
    assert not MeldRules(min_run=2).is_meld("3s 5s")
    assert MeldRules(max_run=3).is_meld("3s 4s 5s")
    assert not MeldRules(max_run=3).is_meld("3s 4s 5s 6s")


def test_run_size_messages() -> None:
    with raises_meld_error("not a run (a run has at most 4 cards (max_run), not 5)"):
        Meld.build("3s 4s 5s 6s 7s", RUMINO)
    assert (
        RUMINO.why_not("3s 4s 5s 6s 7s", kind=MeldKind.RUN)
        == "a run has at most 4 cards (max_run), not 5"
    )
    assert (
        MeldRules(min_run=4).why_not("3s 4s 5s", kind=MeldKind.RUN)
        == "a run has at least 4 cards, not 3"
    )


def test_run_needs_one_suit_and_distinct_ranks() -> None:
    with raises_meld_error("not a run (suits differ)"):
        Meld.build("3s 4s 5h")
    with raises_meld_error("two natural cards share a rank"):
        Meld.build("3s 4s 4s", kind=MeldKind.RUN)
    with raises_meld_error("no window of 3 consecutive ranks"):
        Meld.build("3s 4s 6s")
    assert is_meld("3s Jk 5s")
    assert not is_meld("3s Jk 6s")
    assert is_meld("3s Jk Jk 6s")


# --- jokers and naturals --------------------------------------------------


def test_max_jokers_per_meld() -> None:
    one = MeldRules(max_jokers_per_meld=1)
    assert one.is_meld("5s Jk 7s")
    assert one.is_meld("9s 9h Jk")
    assert not one.is_meld("5s Jk Jk")
    with raises_meld_error(
        "a meld has at most 1 joker(s) (max_jokers_per_meld), not 2"
    ):
        Meld.build("5s Jk Jk", one, kind=MeldKind.RUN)
    # Wild-rank cards used as jokers count too.
    assert not one.is_meld("9s 7h 7d", wild_rank=Rank.SEVEN)
    assert one.is_meld("9s Ts 7d", wild_rank=Rank.SEVEN)
    none = MeldRules(max_jokers_per_meld=0)
    assert not none.is_meld("5s Jk 7s")
    assert not none.is_meld("5s 7h 7s", wild_rank=Rank.SEVEN)
    # A wild card standing as itself is no joker.
    assert none.is_meld("5h 6h 7h", wild_rank=Rank.SEVEN)
    assert none.is_meld("5s 6s 7s")


def test_max_jokers_per_run() -> None:
    one = MeldRules(max_jokers_per_run=1)
    assert one.is_meld("5s Jk 7s")
    # Two jokers make a set of fives, not a run.
    built = Meld.build("5s Jk Jk", one)
    assert built.kind is MeldKind.SET
    with raises_meld_error("a run has at most 1 joker(s) (max_jokers_per_run), not 2"):
        Meld.build("5s Jk Jk", one, kind=MeldKind.RUN)
    assert not one.is_meld("5s Jk Jk 8s")
    # Sets are not limited by it.
    assert MeldRules(max_jokers_per_run=0).is_meld("9s Jk Jk")
    assert not MeldRules(max_jokers_per_run=0).is_meld("9s Jk Ts")


def test_min_naturals_per_meld() -> None:
    assert not MeldRules().is_meld("Jk Jk Jk")
    with raises_meld_error(
        "Jk Jk Jk is not a meld",
        "a meld needs at least 1 natural card(s) (min_naturals_per_meld), not 0",
    ):
        Meld.build("Jk Jk Jk")
    all_jokers = Meld.build("Jk Jk Jk", MeldRules(min_naturals_per_meld=0))
    assert all(not card.is_joker for card in all_jokers.stands_for)
    assert all_jokers.jokers == all_jokers.cards
    two = MeldRules(min_naturals_per_meld=2)
    assert not two.is_meld("5s Jk Jk")
    assert two.is_meld("5s 6s Jk")
    assert two.is_meld("5s 5h Jk")
    # A wild card standing as itself is a natural card.
    assert MeldRules().is_meld("7h Jk Jk", wild_rank=Rank.SEVEN)
    assert two.is_meld("7h 7d Jk", wild_rank=Rank.SEVEN)
    assert not two.is_meld("7h Jk Jk", wild_rank=Rank.SEVEN)


def test_wild_natural_is_pure() -> None:
    lenient = Meld.build("5h 6h 7h", MeldRules(), wild_rank=Rank.SEVEN)
    assert lenient.pure
    assert lenient.stands_for == lenient.cards and lenient.jokers == ()
    strict_rules = MeldRules(wild_natural_is_pure=False)
    strict = Meld.build("5h 6h 7h", strict_rules, wild_rank=Rank.SEVEN)
    assert not strict.pure
    assert strict.kind is MeldKind.RUN and strict.stands_for == strict.cards
    assert not Meld.build("7s 7h 7d", strict_rules, wild_rank=Rank.SEVEN).pure
    # Melds without wild cards are unaffected.
    assert Meld.build("5h 6h 7h", strict_rules).pure
    assert Meld.build("5h 6h 7h", strict_rules, wild_rank=Rank.TWO).pure
    assert not Meld.build("5h Jk 7h", MeldRules()).pure


# --- what Meld.build records ----------------------------------------------


def test_build_run_with_a_joker() -> None:
    built = Meld.build("7s Jk 5s")
    assert built.kind is MeldKind.RUN
    assert built.cards == parse_cards("5s Jk 7s")
    assert built.stands_for == parse_cards("5s 6s 7s")
    assert not built.pure
    assert built.jokers == (Card.joker(),)
    assert str(built) == "5s Jk=6s 7s"
    assert len(built) == 3
    assert built.hand == Hand.parse("5s 7s Jk")


def test_build_set_with_a_joker() -> None:
    built = Meld.build("9s 9h Jk")
    assert built.kind is MeldKind.SET
    assert built.stands_for == parse_cards("9s 9h 9d")
    assert str(built) == "9s 9h Jk=9d"
    assert not built.pure


def test_build_natural_melds_are_pure() -> None:
    for text in ("As 2s 3s", "Qd Qh Qc", "9c 9c 9h", "Ts Js Qs Ks"):
        built = Meld.build(text)
        assert built.pure
        assert built.stands_for == built.cards
        assert built.jokers == ()
        assert built.hand == Hand.parse(text)


def test_build_prefers_a_run_and_kind_chooses() -> None:
    # 5s Jk Jk is a run (5-6-7) and a set of fives.
    assert Meld.build("5s Jk Jk").kind is MeldKind.RUN
    as_set = Meld.build("5s Jk Jk", kind=MeldKind.SET)
    assert as_set.kind is MeldKind.SET
    assert {card.rank for card in as_set.stands_for} == {Rank.FIVE}
    with raises_meld_error("9s 9h 9d is not a meld: suits differ"):
        Meld.build("9s 9h 9d", kind=MeldKind.RUN)
    with raises_meld_error("3s 4s 5s is not a meld: ranks differ"):
        Meld.build("3s 4s 5s", kind=MeldKind.SET)
    assert MeldRules().why_not("9s 9h 9d", kind=MeldKind.RUN) == "suits differ"
    assert MeldRules().why_not("9s 9h 9d", kind=MeldKind.SET) is None


def test_build_keeps_wild_cards_natural_where_it_can() -> None:
    # With 7s wild, 7s 7h Jk is a pure set of sevens rather than a run 7s-8s-9s.
    built = Meld.build("7s 7h Jk", wild_rank=Rank.SEVEN)
    assert built.kind is MeldKind.SET
    assert built.jokers == (Card.joker(),)
    run = Meld.build("7s 7h Jk", wild_rank=Rank.SEVEN, kind=MeldKind.RUN)
    assert len(run.jokers) == 2


def test_build_wild_cards_beyond_every_suit_are_jokers() -> None:
    """With every suit natural and distinct suits required, the wild cards left
    over stand in as jokers: they stand for another card, so the meld counts
    them and is not pure (they never stand for themselves)."""
    rules = MeldRules(max_set=None, set_distinct_suits=True)
    for text in ("As As As Ah Ad Ac", "Ah Ah Ah Ah Ad Ac As", "7c 7c 7s 7h 7d"):
        wild_rank = Card(text[:2]).rank
        built = Meld.build(text, rules, wild_rank=wild_rank)
        extra = len(parse_cards(text)) - 4
        assert built.kind is MeldKind.SET
        assert len(built.jokers) == extra
        assert not built.pure
        naturals = [
            c for c, s in zip(built.cards, built.stands_for, strict=True) if c == s
        ]
        assert len({card.suit for card in naturals}) == len(naturals) == 4
        assert {stands.rank for stands in built.stands_for} == {wild_rank}


def test_build_accepts_notation_hands_and_card_lists() -> None:
    expected = Meld.build("3s 4s 5s")
    assert Meld.build(Hand.parse("5s 4s 3s")) == expected
    assert Meld.build([Card("4s"), Card("3s"), Card("5s")]) == expected
    assert Meld.build(iter(parse_cards("3s 4s 5s"))) == expected
    assert Meld.build("3s 4s 5s", None) == expected


def test_meld_is_immutable_and_hashable() -> None:
    built = Meld.build("3s 4s 5s")
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        built.pure = False  # type: ignore[misc]
    assert hash(built) == hash(Meld.build("5s 3s 4s"))


# --- errors -------------------------------------------------------------------


def test_invalid_meld_error_is_a_value_error_and_a_rummy_error() -> None:
    assert issubclass(InvalidMeldError, ValueError)
    assert issubclass(InvalidMeldError, RummyError)
    with pytest.raises(ValueError, match="is not a meld"):
        Meld.build("As Ks 5d")


@pytest.mark.parametrize(
    ("text", "rules", "wild_rank", "message"),
    [
        (
            "",
            MeldRules(),
            None,
            "no cards is not a meld: a meld has at least 3 cards, not 0",
        ),
        (
            "As",
            MeldRules(),
            None,
            "As is not a meld: a meld has at least 3 cards, not 1",
        ),
        (
            "Qs Ks As",
            MeldRules(),
            None,
            "Qs Ks As is not a meld: not a set (ranks differ) and not a run (no window "
            "of 3 consecutive ranks holds them with ace low only, no wrap)",
        ),
        (
            "8s 8s 8h",
            INDIAN_G,
            None,
            "8s 8s 8h is not a meld: not a set (two natural cards share a suit; "
            "set_distinct_suits) and not a run (suits differ)",
        ),
        (
            "3s 4s 5s 6s 7s",
            RUMINO,
            None,
            "not a set (a set has at most 4 cards (max_set), not 5) and not a run "
            "(a run has at most 4 cards (max_run), not 5)",
        ),
        (
            "Jk Jk Jk Jk 5s",
            MeldRules(max_jokers_per_meld=3, max_set=None),
            None,
            "not a set (a meld has at most 3 joker(s) (max_jokers_per_meld), not 4)",
        ),
        (
            "5s Jk Jk",
            MeldRules(min_naturals_per_meld=2),
            None,
            "a meld needs at least 2 natural card(s) (min_naturals_per_meld), not 1",
        ),
        (
            "9s 7h 7d",
            MeldRules(max_jokers_per_meld=1),
            Rank.SEVEN,
            "not a set (a meld has at most 1 joker(s) (max_jokers_per_meld), not 2) "
            "and not a run (a meld has at most 1 joker(s) (max_jokers_per_meld), not 2)",
        ),
        (
            "9s Jk Jk",
            MeldRules(max_jokers_per_meld=1),
            Rank.SEVEN,
            "not a set (a meld has at most 1 joker(s) (max_jokers_per_meld), not 2)",
        ),
        (
            "9s Jk Jk",
            MeldRules(max_jokers_per_run=1, max_jokers_per_meld=1),
            None,
            "and not a run (a meld has at most 1 joker(s) (max_jokers_per_meld), not 2)",
        ),
        (
            "9s Ts Jk Jk",
            MeldRules(max_jokers_per_run=1),
            None,
            "and not a run (a run has at most 1 joker(s) (max_jokers_per_run), not 2)",
        ),
    ],
)
def test_invalid_meld_messages(
    text: str, rules: MeldRules, wild_rank: Rank | None, message: str
) -> None:
    with pytest.raises(InvalidMeldError) as caught:
        Meld.build(text, rules, wild_rank=wild_rank)
    assert message in str(caught.value)
    assert str(caught.value).startswith(f"{text or 'no cards'} is not a meld: ")
    assert not rules.is_meld(text, wild_rank=wild_rank)
    reason = rules.why_not(text, wild_rank=wild_rank)
    assert reason is not None and str(caught.value).endswith(reason)


def test_bad_input_to_build() -> None:
    with pytest.raises(InvalidMeldError, match="5 is not a Card"):
        Meld.build([Card("3s"), Card("4s"), 5])  # type: ignore[list-item]
    with pytest.raises(InvalidMeldError, match="'3s' is not a Card"):
        Meld.build(["3s", "4s", "5s"])  # type: ignore[list-item]
    with pytest.raises(InvalidCardError, match="bad card 'Zs' at position 3"):
        Meld.build("3s 4s Zs")
    with pytest.raises(InvalidCardError):
        MeldRules().is_meld("3s 4s 1s")


# --- MeldRules validation -------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        (
            {"ace_low": False},
            "MeldRules: the ace must rank low, high or both (ace_low or ace_high)",
        ),
        (
            {"ace_low": False, "ace_high": False, "wrap": True},
            "the ace must rank low, high or both",
        ),
        ({"ace_low": 1}, "MeldRules.ace_low must be True or False, not 1"),
        ({"ace_high": "yes"}, "MeldRules.ace_high must be True or False, not 'yes'"),
        ({"wrap": None}, "MeldRules.wrap must be True or False, not None"),
        (
            {"set_distinct_suits": 0},
            "MeldRules.set_distinct_suits must be True or False, not 0",
        ),
        (
            {"wild_natural_is_pure": "no"},
            "MeldRules.wild_natural_is_pure must be True or False",
        ),
        (
            {"min_set": 0},
            "MeldRules.min_set must be a whole number of at least 1, not 0",
        ),
        (
            {"min_set": True},
            "MeldRules.min_set must be a whole number of at least 1, not True",
        ),
        (
            {"min_set": 3.0},
            "MeldRules.min_set must be a whole number of at least 1, not 3.0",
        ),
        (
            {"min_set": None},
            "MeldRules.min_set must be a whole number of at least 1, not None",
        ),
        (
            {"max_set": 2},
            "MeldRules.max_set must be a whole number of at least 3 or None, not 2",
        ),
        (
            {"min_set": 5, "max_set": 4},
            "MeldRules.max_set must be a whole number of at least 5 or None, not 4",
        ),
        (
            {"min_run": 0},
            "MeldRules.min_run must be a whole number of at least 1, not 0",
        ),
        (
            {"max_run": 2},
            "MeldRules.max_run must be a whole number of at least 3 or None, not 2",
        ),
        (
            {"max_run": "4"},
            "MeldRules.max_run must be a whole number of at least 3 or None, not '4'",
        ),
        (
            {"max_jokers_per_meld": -1},
            "MeldRules.max_jokers_per_meld must be a whole number of at least 0 or None, not -1",
        ),
        (
            {"max_jokers_per_run": False},
            "MeldRules.max_jokers_per_run must be a whole number of at least 0 or None, not False",
        ),
        (
            {"min_naturals_per_meld": -1},
            "MeldRules.min_naturals_per_meld must be a whole number of at least 0, not -1",
        ),
        (
            {"min_naturals_per_meld": None},
            "MeldRules.min_naturals_per_meld must be a whole number of at least 0, not None",
        ),
    ],
)
def test_meld_rules_rejects_bad_options(
    kwargs: dict[str, object], message: str
) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        MeldRules(**kwargs)  # type: ignore[arg-type]


def test_meld_rules_accepts_edge_options() -> None:
    rules = MeldRules(
        ace_low=False,
        ace_high=True,
        min_set=1,
        max_set=1,
        min_run=1,
        max_run=1,
        max_jokers_per_meld=0,
        max_jokers_per_run=0,
        min_naturals_per_meld=0,
    )
    assert rules.max_set == rules.min_set == 1
    assert MeldRules(max_set=None, max_run=None).longest_run == 13
    assert MeldRules(max_run=20).longest_run == 13
    assert MeldRules(max_run=4).longest_run == 4


def test_meld_rules_is_a_frozen_keyword_only_value() -> None:
    with pytest.raises(TypeError):
        MeldRules(True)  # type: ignore[call-arg]
    rules = MeldRules()
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        rules.wrap = True  # type: ignore[misc]
    assert rules == MeldRules() and hash(rules) == hash(MeldRules())
    assert rules != RUMINO
    assert attrs.evolve(rules, max_run=4) == RUMINO
    with pytest.raises(ValueError, match=re.escape("MeldRules.max_run must be")):
        attrs.evolve(rules, max_run=2)


def test_meld_rules_defaults() -> None:
    rules = MeldRules()
    assert (rules.ace_low, rules.ace_high, rules.wrap) == (True, False, False)
    assert (rules.min_set, rules.max_set, rules.set_distinct_suits) == (3, 4, False)
    assert (rules.min_run, rules.max_run) == (3, None)
    assert (rules.max_jokers_per_meld, rules.max_jokers_per_run) == (None, None)
    assert rules.min_naturals_per_meld == 1
    assert rules.wild_natural_is_pure is True
    assert rules == CLASSIC


# --- RULES.md worked examples: Rumino (§1.7) ---------------------------------


def test_R1_ace_two_three_is_a_run() -> None:
    assert RUMINO.is_meld("Ac 2c 3c")
    assert RUMINO.is_meld("8d 8h 8s")


def test_R2_queen_king_ace_is_not_a_run_unless_ace_high() -> None:
    assert not RUMINO.is_meld("Qs Ks As")
    ace_high = attrs.evolve(RUMINO, ace_high=True)
    assert ace_high.is_meld("Qs Ks As")
    assert Meld.build("Qs Ks As", ace_high).pure
    assert RUMINO.is_meld("4c 4d 4h")


def test_R3_king_ace_two_is_never_a_run_without_wrap() -> None:
    assert not RUMINO.is_meld("Kh Ah 2h")
    assert not attrs.evolve(RUMINO, ace_high=True).is_meld("Kh Ah 2h")
    assert attrs.evolve(RUMINO, wrap=True).is_meld("Kh Ah 2h")
    assert RUMINO.is_meld("6c 6d 6s")


def test_R4_joker_fills_the_gap() -> None:
    built = Meld.build("5s Jk 7s", RUMINO)
    assert built.kind is MeldKind.RUN and str(built) == "5s Jk=6s 7s"
    assert RUMINO.is_meld("Tc Th Td Jk")


def test_R6_duplicate_set_is_valid_unless_distinct_suits() -> None:
    assert RUMINO.is_meld("9c 9c 9h")
    assert RUMINO.is_meld("2d 3d 4d 5d")
    distinct = attrs.evolve(RUMINO, set_distinct_suits=True)
    assert not distinct.is_meld("9c 9c 9h")
    assert distinct.is_meld("2d 3d 4d 5d")


def test_R7_runs_stop_at_four_cards() -> None:
    assert not RUMINO.is_meld("3s 4s 5s 6s 7s")
    assert RUMINO.is_meld("4s 5s 6s 7s")
    assert attrs.evolve(RUMINO, max_run=None).is_meld("3s 4s 5s 6s 7s")


def test_R9_joker_run_is_a_run() -> None:
    built = Meld.build("3d 4d 5d Jk", RUMINO)
    assert built.kind is MeldKind.RUN
    assert built.stands_for == parse_cards("3d 4d 5d 6d")
    assert not built.pure
    assert RUMINO.is_meld("3d 4d 5d Jk")
    assert RUMINO.is_meld("7d 8d 9d")
    # The seven cards are one run only when runs are unlimited; the rumino
    # itself (a 7-card straight flush) is a hand-level check.
    seven = "3d 4d 5d Jk 7d 8d 9d"
    assert not RUMINO.is_meld(seven)
    assert Meld.build(seven, MeldRules()).stands_for == parse_cards(
        "3d 4d 5d 6d 7d 8d 9d"
    )


def test_R10_seven_queens_are_not_a_meld_under_max_set_4() -> None:
    queens = "Qs Qs Qh Qh Qd Qc Qc"
    assert not RUMINO.is_meld(queens)
    with raises_meld_error("a set has at most 4 cards (max_set), not 7"):
        Meld.build(queens, RUMINO)
    assert RUMINO.is_meld("Qs Qs Qh Qh")
    assert RUMINO.is_meld("Qd Qc Qc")
    assert attrs.evolve(RUMINO, max_set=None).is_meld(queens)


def test_R12_jokers_with_one_natural() -> None:
    assert RUMINO.is_meld("5s Jk Jk Jk")
    assert not RUMINO.is_meld("Jk Jk Jk")
    assert attrs.evolve(RUMINO, min_naturals_per_meld=0).is_meld("Jk Jk Jk")
    one_joker = attrs.evolve(RUMINO, max_jokers_per_meld=1)
    for text in ("5s Jk Jk Jk", "5s Jk Jk", "Ac 2d Jk", "3h 5s Jk"):
        assert not one_joker.is_meld(text)


# --- RULES.md worked examples: Indian (§2.7), 7s wild unless stated ----------


def test_I1_wild_seven_stands_in_a_run() -> None:
    built = Meld.build("2d 7s 4d", INDIAN_G, wild_rank=Rank.SEVEN)
    assert built.kind is MeldKind.RUN and not built.pure
    assert built.stands_for == parse_cards("2d 3d 4d")
    for text in ("3h 4h 5h 6h", "9s Ts Js"):
        assert Meld.build(text, INDIAN_G, wild_rank=Rank.SEVEN).pure


def test_I4_wild_card_as_itself_keeps_a_sequence_pure() -> None:
    built = Meld.build("5h 6h 7h", INDIAN_G, wild_rank=Rank.SEVEN)
    assert built.kind is MeldKind.RUN and built.pure
    strict = attrs.evolve(INDIAN_G, wild_natural_is_pure=False)
    assert not Meld.build("5h 6h 7h", strict, wild_rank=Rank.SEVEN).pure
    impure = Meld.build("9c Tc 7d Jc", INDIAN_G, wild_rank=Rank.SEVEN)
    assert impure.kind is MeldKind.RUN and not impure.pure
    assert impure.jokers == (Card("7d"),)
    for text in ("Qc Qd Qh", "Kc Ks Kh"):
        assert INDIAN_G.is_meld(text, wild_rank=Rank.SEVEN)


def test_I5_queen_king_ace_is_pure_but_king_ace_two_is_no_meld() -> None:
    qka = Meld.build("Qs Ks As", INDIAN_G, wild_rank=Rank.SEVEN)
    assert qka.kind is MeldKind.RUN and qka.pure
    assert not INDIAN_G.is_meld("Ks As 2s", wild_rank=Rank.SEVEN)
    assert not INDIAN_S.is_meld("Ks As 2s")
    assert INDIAN_G.is_meld("3d 4d 7h", wild_rank=Rank.SEVEN)
    assert INDIAN_G.is_meld("8c 8d 8h", wild_rank=Rank.SEVEN)
    assert INDIAN_G.is_meld("Tc Td Th Ts", wild_rank=Rank.SEVEN)


def test_I7_duplicate_set_is_invalid_in_indian_rummy() -> None:
    assert not INDIAN_S.is_meld("8s 8s 8h")
    with raises_meld_error("set_distinct_suits"):
        Meld.build("8s 8s 8h", INDIAN_S)
    assert INDIAN_S.is_meld("8s 8h 8d")
    assert INDIAN_S.is_meld("8s 8h Jk")
    assert not INDIAN_S.is_meld("8s 8s 8h", wild_rank=Rank.SEVEN)


def test_I8_wild_cards_as_themselves_make_a_natural_set() -> None:
    assert Meld.build("6s 7s 8s 9s", INDIAN_G, wild_rank=Rank.TWO).pure
    twos = Meld.build("2s 2h 2d", INDIAN_G, wild_rank=Rank.TWO)
    assert twos.kind is MeldKind.SET
    assert twos.stands_for == twos.cards and twos.jokers == ()
    assert twos.pure
    # Three wild cards are no all-joker group: each stands as itself.
    assert not INDIAN_G.is_meld("Jk Jk Jk")
    assert INDIAN_G.is_meld("2s 2h 2d", wild_rank=Rank.TWO)


def test_I10_wild_cards_make_a_run_or_a_set() -> None:
    run = Meld.build("9s 7h 7d", INDIAN_G, wild_rank=Rank.SEVEN)
    assert run.kind is MeldKind.RUN
    assert run.stands_for == parse_cards("9s Ts Js")
    as_set = Meld.build("9s 7h 7d", INDIAN_G, wild_rank=Rank.SEVEN, kind=MeldKind.SET)
    assert {card.rank for card in as_set.stands_for} == {Rank.NINE}
    one_per_run = attrs.evolve(INDIAN_G, max_jokers_per_run=1)
    assert one_per_run.is_meld("9s 7h 7d", wild_rank=Rank.SEVEN)
    assert (
        Meld.build("9s 7h 7d", one_per_run, wild_rank=Rank.SEVEN).kind is MeldKind.SET
    )
    with raises_meld_error("max_jokers_per_run"):
        Meld.build("9s 7h 7d", one_per_run, wild_rank=Rank.SEVEN, kind=MeldKind.RUN)


# --- RULES.md worked examples: Classic (§3.6) --------------------------------


def test_C1_ace_low_run_and_the_ace_high_and_wrap_options() -> None:
    assert CLASSIC.is_meld("Ah 2h 3h")
    assert not CLASSIC.is_meld("Qh Kh Ah")
    assert attrs.evolve(CLASSIC, ace_high=True).is_meld("Qh Kh Ah")
    assert not CLASSIC.is_meld("Kh Ah 2h")
    assert not attrs.evolve(CLASSIC, ace_high=True).is_meld("Kh Ah 2h")
    assert attrs.evolve(CLASSIC, wrap=True).is_meld("Kh Ah 2h")


@pytest.mark.parametrize("lay_off", ["Jh", "Jh Qh", "7h", "6h 7h", "7h Jh"])
def test_C6_lay_offs_extend_a_run_at_either_end(lay_off: str) -> None:
    extended = Meld.build(f"8h 9h Th {lay_off}", CLASSIC)
    assert extended.kind is MeldKind.RUN and extended.pure
    assert extended.hand == Hand.parse(f"8h 9h Th {lay_off}")


def test_C6_cards_that_do_not_extend_the_run() -> None:
    assert CLASSIC.is_meld("8h 9h Th")
    for lay_off in ("Qh", "Jc", "Th", "6h"):
        assert not CLASSIC.is_meld(f"8h 9h Th {lay_off}")
    assert CLASSIC.is_meld("Jh Qh Kh")
    assert not CLASSIC.is_meld("Jh Qh Kh Ah")


# --- properties -------------------------------------------------------------


def reference_fewest_jokers(
    cards: tuple[Card, ...],
    rules: MeldRules,
    wild_rank: Rank | None,
    kind: MeldKind | None = None,
) -> int | None:
    """A slow, literal reading of RULES.md §0.2, to check melds.py against.

    Try every choice of which wild-rank cards stand as themselves; return
    the fewest jokers (printed, or wild cards standing in) of any valid
    reading of ``cards`` as a meld of ``kind`` (either kind if ``None``),
    or ``None`` if there is no valid reading.
    """
    size = len(cards)
    wild = [
        i
        for i, card in enumerate(cards)
        if card.rank is not None and card.rank == wild_rank
    ]
    fewest: int | None = None
    for count in range(len(wild) + 1):
        for as_natural in combinations(wild, count):
            naturals = [
                card
                for i, card in enumerate(cards)
                if not card.is_joker and (i in as_natural or i not in wild)
            ]
            jokers = size - len(naturals)
            if len(naturals) < rules.min_naturals_per_meld:
                continue
            if (
                rules.max_jokers_per_meld is not None
                and jokers > rules.max_jokers_per_meld
            ):
                continue
            is_set = kind is not MeldKind.RUN and _reference_set(naturals, size, rules)
            is_run = kind is not MeldKind.SET and _reference_run(
                naturals, jokers, size, rules
            )
            if (is_set or is_run) and (fewest is None or jokers < fewest):
                fewest = jokers
    return fewest


def _size_ok(size: int, low: int, high: int | None) -> bool:
    return size >= low and (high is None or size <= high)


def _reference_set(naturals: list[Card], size: int, rules: MeldRules) -> bool:
    if not _size_ok(size, rules.min_set, rules.max_set):
        return False
    if len({card.rank for card in naturals}) > 1:
        return False
    suits = [card.suit for card in naturals]
    return not rules.set_distinct_suits or len(set(suits)) == len(suits)


def reference_windows(size: int, rules: MeldRules) -> list[tuple[int, ...]]:
    """Every run of ``size`` consecutive ranks (ace = 1) the rules allow."""
    if rules.wrap:
        candidates = [
            tuple((start + i) % 13 + 1 for i in range(size)) for start in range(13)
        ]
    else:
        line = [1] * rules.ace_low + list(range(2, 14)) + [1] * rules.ace_high
        candidates = [tuple(line[s : s + size]) for s in range(len(line) - size + 1)]
    # No rank twice: in particular the ace is never low and high at once.
    return [window for window in candidates if len(set(window)) == size]


def _reference_run(
    naturals: list[Card], jokers: int, size: int, rules: MeldRules
) -> bool:
    if not _size_ok(size, rules.min_run, rules.max_run):
        return False
    if rules.max_jokers_per_run is not None and jokers > rules.max_jokers_per_run:
        return False
    if len({card.suit for card in naturals}) > 1:
        return False
    natural_ranks = {int(card.rank) for card in naturals if card.rank is not None}
    if len(natural_ranks) < len(naturals):
        return False
    return any(
        natural_ranks <= set(window) for window in reference_windows(size, rules)
    )


NEAR_THE_ACE = parse_cards("Qs Ks As 2s 3s Ah Jk")


@pytest.mark.parametrize("ace", ["low", "high", "both", "wrap"])
def test_is_meld_agrees_with_a_reference_near_the_ace(ace: str) -> None:
    """Every group of 3 or 4 cards from Q K A 2 3 of spades, A of hearts and jokers."""
    groups = [
        group
        for size in (3, 4)
        for group in combinations_with_replacement(NEAR_THE_ACE, size)
    ]
    checked = 0
    for distinct in (False, True):
        for per_run in (None, 1):
            rules = attrs.evolve(
                ACE_RULES[ace], set_distinct_suits=distinct, max_jokers_per_run=per_run
            )
            for wild_rank in (None, Rank.ACE):
                for group in groups:
                    expected = (
                        reference_fewest_jokers(group, rules, wild_rank) is not None
                    )
                    assert rules.is_meld(group, wild_rank=wild_rank) is expected, (
                        group,
                        rules,
                        wild_rank,
                    )
                    checked += expected
    assert checked > 100  # the grid does exercise valid melds


rules_strategy = st.one_of(st.sampled_from(PRESETS), meld_rules())


@st.composite
def meld_problems(
    draw: st.DrawFn,
) -> tuple[tuple[Card, ...], MeldRules, Rank | None]:
    """Cards, rules and a wild rank that often is the rank of one of the cards."""
    cards = draw(meld_candidates(1, 7))
    rules = draw(rules_strategy)
    present = sorted({card.rank for card in cards if card.rank is not None})
    choices: list[st.SearchStrategy[Rank | None]] = [st.none(), ranks()]
    if present:
        choices.append(st.sampled_from(present))
    wild_rank = draw(st.one_of(*choices))
    return cards, rules, wild_rank


@settings(max_examples=examples(400))
@given(meld_problems())
def test_is_meld_agrees_with_build_and_why_not(
    problem: tuple[tuple[Card, ...], MeldRules, Rank | None],
) -> None:
    cards, rules, wild_rank = problem
    valid = rules.is_meld(cards, wild_rank=wild_rank)
    reason = rules.why_not(cards, wild_rank=wild_rank)
    assert (reason is None) is valid
    if valid:
        Meld.build(cards, rules, wild_rank=wild_rank)
    else:
        with pytest.raises(InvalidMeldError) as caught:
            Meld.build(cards, rules, wild_rank=wild_rank)
        text = " ".join(map(str, cards)) or "no cards"
        assert str(caught.value) == f"{text} is not a meld: {reason}"


@settings(max_examples=examples(400))
@given(meld_problems())
def test_is_meld_agrees_with_a_reference(
    problem: tuple[tuple[Card, ...], MeldRules, Rank | None],
) -> None:
    cards, rules, wild_rank = problem
    fewest = reference_fewest_jokers(cards, rules, wild_rank)
    assert rules.is_meld(cards, wild_rank=wild_rank) is (fewest is not None)


@given(meld_problems(), st.randoms(use_true_random=False))
def test_is_meld_ignores_card_order(
    problem: tuple[tuple[Card, ...], MeldRules, Rank | None], rng: random.Random
) -> None:
    cards, rules, wild_rank = problem
    shuffled = list(cards)
    rng.shuffle(shuffled)
    assert rules.is_meld(shuffled, wild_rank=wild_rank) is rules.is_meld(
        cards, wild_rank=wild_rank
    )


def _is_wild(card: Card, wild_rank: Rank | None) -> bool:
    return card.rank is not None and card.rank == wild_rank


@settings(max_examples=examples(400))
@given(meld_problems(), st.sampled_from([None, MeldKind.RUN, MeldKind.SET]))
@example(  # wild aces beyond the four suits once stood for themselves
    (
        parse_cards("As As As Ah Ad Ac"),
        MeldRules(max_set=None, set_distinct_suits=True),
        Rank.ACE,
    ),
    None,
)
def test_built_meld_is_consistent(
    problem: tuple[tuple[Card, ...], MeldRules, Rank | None], kind: MeldKind | None
) -> None:
    cards, rules, wild_rank = problem
    fewest = reference_fewest_jokers(cards, rules, wild_rank, kind)
    try:
        built = Meld.build(cards, rules, wild_rank=wild_rank, kind=kind)
    except InvalidMeldError:
        assert fewest is None
        return
    assert kind is None or built.kind is kind
    # Wild cards stand as themselves where they can: as few jokers as possible.
    assert len(built.jokers) == fewest
    # The meld holds exactly the cards it was built from.
    assert Hand(built.cards) == Hand(cards)
    assert len(built) == len(built.stands_for) == len(cards)
    assert all(not card.is_joker for card in built.stands_for)
    # Naturals stand for themselves; only jokers and wild cards may not.
    for card, stands in zip(built.cards, built.stands_for, strict=True):
        if not card.is_joker and not _is_wild(card, wild_rank):
            assert stands == card
        if card.is_joker:
            assert card in built.jokers
    assert built.jokers == tuple(
        card
        for card, stands in zip(built.cards, built.stands_for, strict=True)
        if card != stands
    )
    # Limits hold for what was built.
    jokers = len(built.jokers)
    if rules.max_jokers_per_meld is not None:
        assert jokers <= rules.max_jokers_per_meld
    assert len(cards) - jokers >= rules.min_naturals_per_meld
    # Purity: nothing stands in, and no wild card unless wild naturals are pure.
    has_wild = any(_is_wild(card, wild_rank) for card in built.cards)
    assert built.pure is (
        not built.jokers and (rules.wild_natural_is_pure or not has_wild)
    )
    rank_values = [int(card.rank) for card in built.stands_for if card.rank is not None]
    if built.kind is MeldKind.RUN:
        assert _size_ok(len(cards), rules.min_run, rules.max_run)
        assert len({card.suit for card in built.stands_for}) == 1
        assert tuple(rank_values) in reference_windows(len(cards), rules)
        if rules.max_jokers_per_run is not None:
            assert jokers <= rules.max_jokers_per_run
    else:
        assert _size_ok(len(cards), rules.min_set, rules.max_set)
        assert len(set(rank_values)) == 1
        natural_suits = [
            card.suit
            for card, stands in zip(built.cards, built.stands_for, strict=True)
            if card == stands
        ]
        if rules.set_distinct_suits:
            assert len(set(natural_suits)) == len(natural_suits)
        # Jokers stand for suits the naturals lack, while there are any.
        joker_suits = [
            stands.suit
            for card, stands in zip(built.cards, built.stands_for, strict=True)
            if card != stands
        ]
        lacking = 4 - len(set(natural_suits))
        assert len(set(joker_suits) - set(natural_suits)) == min(
            len(joker_suits), lacking
        )
    # Building again from the meld's own cards gives the same meld.
    assert (
        Meld.build(built.cards, rules, wild_rank=wild_rank, kind=built.kind).hand
        == built.hand
    )


@settings(max_examples=examples(300))
@given(meld_problems())
def test_build_prefers_runs_among_equally_natural_melds(
    problem: tuple[tuple[Card, ...], MeldRules, Rank | None],
) -> None:
    cards, rules, wild_rank = problem
    if not rules.is_meld(cards, wild_rank=wild_rank):
        return
    built = Meld.build(cards, rules, wild_rank=wild_rank)
    for other_kind in MeldKind:
        if other_kind is built.kind:
            continue
        try:
            other = Meld.build(cards, rules, wild_rank=wild_rank, kind=other_kind)
        except InvalidMeldError:
            continue
        # The default keeps as many cards natural as either kind can ...
        assert len(built.jokers) <= len(other.jokers)
        # ... and among equals it is a run.
        if len(built.jokers) == len(other.jokers):
            assert built.kind is MeldKind.RUN
