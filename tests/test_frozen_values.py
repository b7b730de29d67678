"""Calling ``__init__`` again on a card, hand or meld changes nothing."""

from __future__ import annotations

import copy
import pickle

from rummykit import Card, Hand, Meld, MeldRules, partition


def test_reinitialising_a_shared_card_does_not_change_it() -> None:
    two = Card.parse("2s")
    two.__init__("Kd")  # type: ignore[misc]
    assert str(two) == "2s" and Card.parse("2s") == Card("2s") != Card("Kd")
    assert Card("Kd") is Card.parse("Kd")


def test_reinitialising_a_hand_or_a_meld_does_not_change_it() -> None:
    hand = Hand.parse("As 2s 3s")
    hand.__init__("Kd")  # type: ignore[misc]
    assert str(hand) == "As 2s 3s"
    meld = partition("As 2s 3s 9d").melds[0]
    meld.__init__(kind=meld.kind, cards=(), stands_for=(), pure=False)  # type: ignore[misc]
    assert str(meld) == "As 2s 3s" and meld.pure
    assert partition("As 2s 3s 9d").melds[0] == meld


def test_values_still_copy_and_pickle() -> None:
    meld = Meld.build("As 2s Jk", MeldRules())
    for value in (Card("Kd"), Hand.parse("As Jk"), meld):
        assert pickle.loads(pickle.dumps(value)) == value
        assert copy.deepcopy(value) == value == copy.copy(value)
