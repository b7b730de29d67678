"""Saving and loading games as JSON, and sending views to clients.

A saved hand or match is a *game record*: the variant with its options,
how the cards were dealt (the deck order, the dealer, the seed of later
shuffles) and every action, plus a snapshot of where the game stood.
Loading replays the record through the rules, so everything is checked
again (the cards add up to the deck, every action was legal, the phase
agrees with the hands) and the snapshot must match the replay.  Anything
corrupt or hostile raises :class:`~rummykit.errors.InvalidStateError` and
nothing is half-loaded.  No pickle is involved.

>>> from rummykit import get_variant
>>> state = get_variant("classic").new_game(players=2, seed=4)
>>> state = state.apply(state.legal_actions()[0])
>>> text = state_to_json(state)
>>> state_from_json(text) == state
True
>>> state_from_json(text.replace('"version": 1', '"version": 99'))
Traceback (most recent call last):
...
rummykit.errors.InvalidStateError: unsupported version 99 (this rummykit reads version 1)

The format, version 1, is a JSON object with ``format`` ("rummykit"),
``version`` (1), ``kind`` ("state", "match" or "view"), ``variant``
(``{"name": ..., "options": {...}}``) and, for a state, ``players``,
``deal`` (``deck`` as card notation, top card first; ``dealer``; ``chance``;
``seats``), ``actions`` (each ``{"type": ..., field: value}``, cards in
notation) and ``snapshot``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from decimal import Decimal
from typing import Any

import attrs

from rummykit.cards import Card, parse_cards
from rummykit.engine import Action, Event, Outcome, PlayerView, State
from rummykit.errors import (
    IllegalActionError,
    InvalidCardError,
    InvalidStateError,
    RummyError,
)
from rummykit.match import Match
from rummykit.melds import Meld
from rummykit.money import money_text
from rummykit.variants import Variant, get_variant

__all__ = [
    "FORMAT",
    "VERSION",
    "action_from_dict",
    "action_to_dict",
    "match_from_json",
    "match_to_json",
    "state_from_dict",
    "state_from_json",
    "state_to_dict",
    "state_to_json",
    "view_to_dict",
    "view_to_json",
]

#: The ``format`` field of every saved document.
FORMAT = "rummykit"
#: The version this rummykit writes and reads.
VERSION = 1

_MAX_ACTIONS = 200_000
_MAX_TEXT = 20_000_000


# -- actions ------------------------------------------------------------------------


def _action_classes() -> dict[str, type[Action]]:
    found: dict[str, type[Action]] = {}
    pending: list[type[Action]] = [Action]
    while pending:
        cls = pending.pop()
        for sub in cls.__subclasses__():
            if not sub.__name__.startswith("_"):
                found[sub.__name__] = sub
            pending.append(sub)
    return found


def _encode(value: object) -> object:
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, tuple):
        if all(isinstance(item, Card) for item in value):
            return " ".join(map(str, value))
        return [_encode(item) for item in value]
    return value


def action_to_dict(action: Action) -> dict[str, object]:
    """An action as a JSON-ready dictionary.

    >>> from rummykit.engine import LayOff
    >>> action_to_dict(LayOff("Jh Qh", target=1))
    {'type': 'LayOff', 'cards': 'Jh Qh', 'target': 1}
    """
    data: dict[str, object] = {"type": type(action).__name__}
    for field in attrs.fields(type(action)):
        data[field.name] = _encode(getattr(action, field.name))
    return data


def action_from_dict(data: object) -> Action:
    """The action a dictionary from :func:`action_to_dict` describes.

    :raises InvalidStateError: for an unknown type or bad fields.

    >>> action_from_dict({"type": "Discard", "card": "Kd"})
    Discard(card=Card('Kd'))
    """
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise InvalidStateError(
            f"an action must be an object with a type, not {data!r:.80}"
        )
    classes = _action_classes()
    cls = classes.get(data["type"])
    if cls is None:
        raise InvalidStateError(f"unknown action type {data['type']!r:.40}")
    names = {field.name for field in attrs.fields(cls)}
    extra = set(data) - names - {"type"}
    if extra:
        raise InvalidStateError(
            f"unknown field(s) {sorted(extra)} for action {cls.__name__}"
        )
    values = {name: data[name] for name in names if name in data}
    for name, value in values.items():
        _check_plain(value, f"action {cls.__name__}.{name}")
        if (
            isinstance(value, int)
            and not isinstance(value, bool)
            and not 0 <= value < 10**9
        ):
            raise InvalidStateError(
                f"action {cls.__name__}.{name} is out of range: {value}"
            )
    try:
        return cls(**values)
    except (TypeError, ValueError, RummyError) as error:
        raise InvalidStateError(f"bad action {data!r:.120}: {error}") from None


def _check_plain(value: object, where: str) -> None:
    if isinstance(value, bool) or value is None or isinstance(value, str | int):
        if isinstance(value, str) and len(value) > 10_000:
            raise InvalidStateError(f"{where} is too long")
        return
    if isinstance(value, list):
        for item in value:
            _check_plain(item, where)
        return
    raise InvalidStateError(f"{where} has a value of the wrong type: {value!r:.60}")


# -- variants -------------------------------------------------------------------------


def _variant_to_dict(variant: object) -> dict[str, object]:
    assert isinstance(variant, Variant)
    options = {
        field.name: _plain(getattr(variant, field.name))
        for field in attrs.fields(type(variant))
    }
    return {"name": variant.name, "options": options}


def _plain(value: object) -> object:
    """An option value for JSON: money and percentages as text ("2.80")."""
    return money_text(value) if isinstance(value, Decimal) else value


def _variant_from_dict(data: object) -> Variant:
    if not isinstance(data, dict) or not isinstance(data.get("name"), str):
        raise InvalidStateError("the variant must be an object with a name")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise InvalidStateError("the variant's options must be an object")
    for name, value in options.items():
        if not isinstance(value, str | int | float | bool) and value is not None:
            raise InvalidStateError(
                f"option {name!r:.40} has a value of the wrong type"
            )
    try:
        return get_variant(data["name"], **options)
    except (TypeError, ValueError) as error:
        raise InvalidStateError(f"bad variant: {error}") from None


# -- states -----------------------------------------------------------------------------


def _header(kind: str) -> dict[str, object]:
    return {"format": FORMAT, "version": VERSION, "kind": kind}


def _snapshot(state: State) -> dict[str, object]:
    return {
        "phase": state.phase.value,
        "current": state.current,
        "hands": [str(hand) for hand in state.hands],
        "pile": " ".join(map(str, state.pile)),
        "stock_size": len(state.stock),
        "decision_id": state.decision_id,
    }


def state_to_dict(state: State) -> dict[str, object]:
    """A hand as a JSON-ready dictionary (see :func:`state_to_json`).

    >>> from rummykit import get_variant
    >>> state_to_dict(get_variant("classic").new_game(players=2, seed=1))["kind"]
    'state'
    """
    origin = state.origin
    if origin is None:
        raise InvalidStateError(
            "this state was not dealt by new_game and has no record"
        )
    return {
        **_header("state"),
        "variant": _variant_to_dict(state.rules),
        "players": state.players,
        "deal": {
            "deck": " ".join(map(str, origin.deck)),
            "dealer": origin.dealer,
            "chance": origin.chance,
            "seats": list(origin.seats),
        },
        "scores": list(state.scores),
        "actions": [action_to_dict(action) for action in state.actions],
        "snapshot": _snapshot(state),
    }


def state_to_json(state: State) -> str:
    """A hand as JSON text: its record and a snapshot.

    :raises InvalidStateError: for a state that was not dealt by ``new_game``.
    """
    return json.dumps(state_to_dict(state), ensure_ascii=False)


def _load(text: str | bytes, kind: str) -> dict[str, Any]:
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise InvalidStateError("the saved game is not UTF-8 text") from None
    if not isinstance(text, str):
        raise InvalidStateError(f"a saved game is JSON text, not {type(text).__name__}")
    if len(text) > _MAX_TEXT:
        raise InvalidStateError("the saved game is too large")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:
        # ValueError covers JSONDecodeError and integers too long to convert.
        raise InvalidStateError(f"the saved game is not valid JSON: {error}") from None
    _check_depth(data)
    return _check_header(data, kind)


def _check_depth(data: object, limit: int = 32) -> None:
    """Refuse documents nested deeper than any rummykit save (without recursing)."""
    pending: list[tuple[object, int]] = [(data, 0)]
    while pending:
        item, depth = pending.pop()
        if depth > limit:
            raise InvalidStateError(
                f"the saved game is nested more than {limit} levels deep"
            )
        if isinstance(item, dict):
            pending.extend((value, depth + 1) for value in item.values())
        elif isinstance(item, list):
            pending.extend((value, depth + 1) for value in item)


def _check_header(data: object, kind: str) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise InvalidStateError("a saved game is a JSON object")
    if data.get("format") != FORMAT:
        raise InvalidStateError(
            f"not a rummykit document (format {data.get('format')!r:.40})"
        )
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version != VERSION:
        raise InvalidStateError(
            f"unsupported version {version!r:.40} (this rummykit reads version {VERSION})"
        )
    if data.get("kind") != kind:
        raise InvalidStateError(
            f"expected a saved {kind}, found {data.get('kind')!r:.40}"
        )
    return data


def _int(data: Mapping[str, Any], name: str, low: int, high: int) -> int:
    value = data.get(name)
    if (
        not isinstance(value, int)
        or isinstance(value, bool)
        or not low <= value <= high
    ):
        raise InvalidStateError(
            f"{name} must be a whole number from {low} to {high}, not {value!r:.40}"
        )
    return value


def _actions(data: Mapping[str, Any]) -> list[Action]:
    raw = data.get("actions")
    if not isinstance(raw, list) or len(raw) > _MAX_ACTIONS:
        raise InvalidStateError("actions must be a list (of at most 200,000 actions)")
    return [action_from_dict(item) for item in raw]


def state_from_dict(data: Mapping[str, Any]) -> State:
    """Rebuild a hand from :func:`state_to_dict`'s dictionary, checking everything.

    :raises InvalidStateError: saying what is wrong.
    """
    data = _check_header(dict(data) if isinstance(data, Mapping) else data, "state")
    variant = _variant_from_dict(data.get("variant"))
    players = _int(data, "players", 2, 10)
    deal = data.get("deal")
    if not isinstance(deal, dict):
        raise InvalidStateError("deal must be an object")
    dealer = _int(deal, "dealer", 0, players - 1)
    chance = _int(deal, "chance", 0, 2**63 - 1)
    seats = deal.get("seats")
    if (
        not isinstance(seats, list)
        or len(seats) != players
        or not all(isinstance(seat, bool) for seat in seats)
    ):
        raise InvalidStateError(f"deal.seats must be {players} true/false values")
    deck_text = deal.get("deck")
    if not isinstance(deck_text, str) or len(deck_text) > 2_000:
        raise InvalidStateError("deal.deck must be card notation")
    scores = data.get("scores", [0] * players)
    if (
        not isinstance(scores, list)
        or len(scores) != players
        or not all(
            isinstance(s, int) and not isinstance(s, bool) and abs(s) < 10**9
            for s in scores
        )
    ):
        raise InvalidStateError(f"scores must be {players} whole numbers")
    try:
        deck = parse_cards(deck_text)
        state = variant.new_game(
            players, deck=deck, dealer=dealer, seats=seats, chance=chance
        )
    except (InvalidCardError, ValueError) as error:
        raise InvalidStateError(f"bad deal: {error}") from None
    state = attrs.evolve(state, scores=tuple(scores))
    for number, action in enumerate(_actions(data), start=1):
        try:
            state = state.apply(action)
        except IllegalActionError as error:
            raise InvalidStateError(
                f"action {number} ({action}) is refused: {error.reason}"
            ) from None
    if data.get("snapshot") != _snapshot(state):
        raise InvalidStateError(
            "the snapshot does not match the replayed game (phase, turn, hands, pile "
            "or stock differ): the file is corrupt or was edited"
        )
    return state


def state_from_json(text: str | bytes) -> State:
    """Load a hand saved by :func:`state_to_json`, replaying and checking it.

    :raises InvalidStateError: for anything corrupt or hostile; nothing is
        half-loaded.
    """
    return state_from_dict(_load(text, "state"))


# -- matches ----------------------------------------------------------------------------


def _match_snapshot(match: Match) -> dict[str, object]:
    return {
        "hand_number": match.hand_number,
        "scores": list(match.scores),
        "winners": list(match.winners),
        "ledger": len(match.ledger),
        "hand": _snapshot(match.state),
    }


def match_to_json(match: Match) -> str:
    """A match as JSON text: its seed, every action and a snapshot.

    >>> from rummykit import get_variant
    >>> match = get_variant("rumino").new_match(players=3, seed=2)
    >>> match_from_json(match_to_json(match)) == match
    True
    """
    data = {
        **_header("match"),
        "variant": _variant_to_dict(match.variant),
        "players": match.players,
        "seed": match.seed,
        "first_dealer": match.first_dealer,
        "max_hands": match.max_hands,
        "actions": [action_to_dict(action) for action in match.actions],
        "snapshot": _match_snapshot(match),
    }
    return json.dumps(data, ensure_ascii=False)


def match_from_json(text: str | bytes) -> Match:
    """Load a match saved by :func:`match_to_json`, replaying and checking it.

    :raises InvalidStateError: for anything corrupt or hostile.
    """
    data = _load(text, "match")
    variant = _variant_from_dict(data.get("variant"))
    players = _int(data, "players", 2, 10)
    seed = _int(data, "seed", 0, 2**63 - 1)
    first = data.get("first_dealer")
    if first is not None:
        first = _int(data, "first_dealer", 0, players - 1)
    max_hands = data.get("max_hands")
    if max_hands is not None:
        max_hands = _int(data, "max_hands", 1, 10**6)
    try:
        match = Match.start(
            variant, players, seed=seed, dealer=first, max_hands=max_hands
        )
    except ValueError as error:
        raise InvalidStateError(f"bad match: {error}") from None
    for number, action in enumerate(_actions(data), start=1):
        try:
            match = match.apply(action)
        except IllegalActionError as error:
            raise InvalidStateError(
                f"action {number} ({action}) is refused: {error.reason}"
            ) from None
    if data.get("snapshot") != _match_snapshot(match):
        raise InvalidStateError("the snapshot does not match the replayed match")
    return match


# -- views --------------------------------------------------------------------------------


def _event(event: Event) -> dict[str, object]:
    return {
        "player": event.player,
        "action": action_to_dict(event.action),
        "card": None if event.card is None else str(event.card),
    }


def _meld(meld: Meld) -> dict[str, object]:
    return {
        "kind": meld.kind.value,
        "cards": " ".join(map(str, meld.cards)),
        "stands_for": " ".join(map(str, meld.stands_for)),
        "pure": meld.pure,
    }


def _outcome(outcome: Outcome | None) -> dict[str, object] | None:
    if outcome is None:
        return None
    return {
        "termination": outcome.termination.value,
        "winners": list(outcome.winners),
        "points": list(outcome.points),
        "rummy": outcome.rummy,
        "note": outcome.note,
        "payments": [
            attrs.asdict(payment, value_serializer=lambda _, __, v: _plain(v))
            for payment in outcome.payments
        ],
    }


def view_to_dict(view: PlayerView) -> dict[str, object]:
    """A player's view as a JSON-ready dictionary, for sending to that player.

    It holds only what the view holds, so nothing hidden.

    >>> from rummykit import get_variant
    >>> state = get_variant("classic").new_game(players=2, seed=1)
    >>> data = view_to_dict(state.view(0))
    >>> data["hand"] == str(state.hands[0]), "hands" in data
    (True, False)
    """
    decision = view.decision
    return {
        **_header("view"),
        "variant": _variant_to_dict(view.rules),
        "player": view.player,
        "players": view.players,
        "dealer": view.dealer,
        "hand": str(view.hand),
        "hand_sizes": list(view.hand_sizes),
        "active": list(view.active),
        "pile": " ".join(map(str, view.pile)),
        "stock_size": view.stock_size,
        "table": [
            {"owner": placed.owner, **_meld(placed.meld)} for placed in view.table
        ],
        "history": [_event(event) for event in view.history],
        "wild_rank": None if view.wild_rank is None else view.wild_rank.symbol,
        "indicator": None if view.indicator is None else str(view.indicator),
        "phase": view.phase.value,
        "current_player": view.current_player,
        "decision": None
        if decision is None
        else {
            "decision_id": decision.decision_id,
            "player": decision.player,
            "phase": decision.phase.value,
            "timer": None if decision.timer is None else attrs.asdict(decision.timer),
        },
        "legal_actions": [action_to_dict(action) for action in view.legal_actions],
        "lapses": list(view.lapses),
        "shown": [None if hand is None else str(hand) for hand in view.shown],
        "outcome": _outcome(view.outcome),
    }


def view_to_json(view: PlayerView) -> str:
    """A player's view as JSON text (see :func:`view_to_dict`)."""
    return json.dumps(view_to_dict(view), ensure_ascii=False)
