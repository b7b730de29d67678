"""``rummykit.actions``: every action class in one place, and what an action
made with missing arguments raises."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import attrs
import pytest

import rummykit
import rummykit.actions
import rummykit.match
import rummykit.variants
from rummykit import InvalidOptionError, RummyError
from rummykit.engine import Action

DOCS = Path(__file__).parent.parent / "docs"


def _subclasses(kind: type[Action]) -> Iterator[type[Action]]:
    for sub in kind.__subclasses__():
        yield sub
        yield from _subclasses(sub)


def _public_actions() -> dict[str, type[Action]]:
    """Every public action class rummykit defines, by name."""
    found: dict[str, type[Action]] = {}
    for kind in _subclasses(Action):
        if kind.__module__.startswith("rummykit.") and not kind.__name__.startswith(
            "_"
        ):
            # attrs rebuilds a slotted class: keep the one its module exports
            module = __import__(kind.__module__, fromlist=[kind.__name__])
            found[kind.__name__] = getattr(module, kind.__name__)
    return found


def test_every_action_class_is_importable_from_rummykit_actions() -> None:
    public = _public_actions()
    assert {"Discard", "BigGin", "Arrange", "DeclareRumino", "Rebuy"} <= set(public)
    exported = set(rummykit.actions.__all__) - {"ACTIONS", "Action"}
    assert exported == set(public)
    for name, kind in public.items():
        assert getattr(rummykit.actions, name) is kind, name
    assert rummykit.actions.Action is Action


def test_actions_lists_every_class_a_player_applies() -> None:
    applied = set(_public_actions().values()) - {rummykit.actions.FaceDownDeclare}
    assert set(rummykit.actions.ACTIONS) == applied
    assert len(rummykit.actions.ACTIONS) == len(applied)


def test_the_actions_page_lists_every_action() -> None:
    page = (DOCS / "reference" / "actions.rst").read_text(encoding="utf-8")
    for name in rummykit.actions.__all__:
        assert re.search(rf"\b{name}\b", page), name
    index = (DOCS / "reference" / "index.rst").read_text(encoding="utf-8")
    assert re.search(r"^\s+actions$", index, re.MULTILINE)


# -- actions made with missing arguments ---------------------------------------------


def _required(kind: type[Action]) -> list[str]:
    return [
        field.name
        for field in attrs.fields(kind)
        if field.init and field.default is attrs.NOTHING
    ]


NEEDS_ARGUMENTS = [
    kind
    for kind in (*rummykit.actions.ACTIONS, rummykit.actions.FaceDownDeclare)
    if _required(kind)
]


def test_some_actions_need_arguments() -> None:
    names = {kind.__name__ for kind in NEEDS_ARGUMENTS}
    assert {"Discard", "LayMeld", "LayOff", "Declare", "Show", "Timeout"} <= names


@pytest.mark.parametrize("kind", NEEDS_ARGUMENTS, ids=lambda kind: kind.__name__)
def test_an_action_without_its_arguments_says_what_it_needs(kind: type[Action]) -> None:
    with pytest.raises(InvalidOptionError) as refused:
        kind()
    error = refused.value
    assert isinstance(error, RummyError) and isinstance(error, ValueError)
    message = str(error)
    assert message.startswith(f"{kind.__name__} needs ")
    for name in _required(kind):
        assert repr(name) in message


def test_discard_without_a_card() -> None:
    with pytest.raises(InvalidOptionError) as refused:
        rummykit.actions.Discard()  # type: ignore[call-arg]
    assert str(refused.value) == "Discard needs its 'card', as in Discard(card)"
    with pytest.raises(InvalidOptionError) as refused:
        rummykit.actions.Discard(cards="Kd")  # type: ignore[call-arg]
    assert str(refused.value) == (
        "Discard needs its 'card', and has no 'cards', as in Discard(card)"
    )


def test_too_many_arguments_are_refused_too() -> None:
    with pytest.raises(InvalidOptionError, match=r"^DrawStock takes no arguments"):
        rummykit.actions.DrawStock("Kd")  # type: ignore[call-arg]
    with pytest.raises(InvalidOptionError, match=r"^LayOff needs its 'target'"):
        rummykit.actions.LayOff("Jh")  # type: ignore[call-arg]
    with pytest.raises(InvalidOptionError) as refused:
        rummykit.actions.Discard("Kd", "Qs")  # type: ignore[call-arg]
    assert str(refused.value) == (
        "Discard takes 1 positional argument, not 2, as in Discard(card)"
    )


def test_actions_made_correctly_are_unchanged() -> None:
    discard = rummykit.actions.Discard("Kd")
    assert discard == rummykit.actions.Discard(card=rummykit.Card("Kd"))
    assert attrs.evolve(discard, card="Qs") == rummykit.actions.Discard("Qs")
    assert rummykit.actions.LayOff("Jh", target=2).target == 2
