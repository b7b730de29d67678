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
>>> state_from_json(text.replace('"version": 2', '"version": 99'))
Traceback (most recent call last):
...
rummykit.errors.InvalidStateError: unsupported version 99 (this rummykit reads version 2)

The format, version 2, is a JSON object with ``format`` ("rummykit"),
``version`` (2), ``kind`` ("state", "match" or "view"), ``variant``
(``{"name": ..., "options": {...}}``) and, for a state, ``players``,
``deal`` (``deck`` as card notation, top card first; ``dealer``; ``chance``;
``seats``), ``actions`` (each ``{"type": ..., field: value}``, cards in
notation) and ``snapshot``, which also binds the options, the outcome and
every payment, so a save whose money was edited is refused.  An optional
``signature`` (``key=``) makes any edit detectable.  Loading is bounded by
:data:`LIMITS`.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Iterator, Mapping
from decimal import Decimal
from typing import Any

import attrs

from rummykit.cards import Card, parse_cards
from rummykit.engine import Action, Event, Outcome, Payment, PlayerView, State
from rummykit.errors import (
    QUOTE_LIMIT,
    IllegalActionError,
    InvalidCardError,
    InvalidOptionError,
    InvalidStateError,
    RummyError,
    _shown,
    quoted,
)
from rummykit.match import Match
from rummykit.melds import Meld
from rummykit.money import money_text
from rummykit.variants import Variant, get_variant

__all__ = [
    "FORMAT",
    "LIMITS",
    "VERSION",
    "Limits",
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
VERSION = 2


@attrs.frozen(kw_only=True)
class Limits:
    """The most a saved game may hold; loading refuses anything bigger.

    Every loader checks these before doing the work they bound, so a hostile
    file costs at most a bounded amount of time and memory.  The defaults,
    :data:`LIMITS`, hold any game rummykit can play many times over; a
    server may pass tighter ones with ``limits=``.

    >>> LIMITS.max_bytes, LIMITS.max_actions
    (20000000, 200000)
    >>> Limits(max_actions=1_000).max_actions
    1000
    """

    max_bytes: int = 20_000_000
    """Size of the text, in bytes (or characters for a ``str``); checked first."""

    max_entries: int = 2_000_000
    """List items and object members in the whole document.  Before the JSON
    is parsed, the commas in the text are counted instead (an upper bound)."""

    max_depth: int = 32
    """Nesting of lists and objects (a save uses at most about six levels)."""

    max_actions: int = 200_000
    """Actions in the record (a hand stops at 5,000; a match may hold many hands)."""

    max_items: int = 128
    """Items in one list inside one action: the groups of a show or a
    declaration, or the cards of one group."""

    max_string: int = 10_000
    """Characters in one text field of an action."""


#: The limits loaders use unless given others (see :class:`Limits`).
LIMITS = Limits()


# -- actions ------------------------------------------------------------------------


_ACTION_CLASSES: dict[str, type[Action]] = {}


def _action_classes() -> dict[str, type[Action]]:
    """Every public action class by name (found once; looked for again only
    when a name is missing, in case a module defining more was imported)."""
    if not _ACTION_CLASSES:
        _find_action_classes()
    return _ACTION_CLASSES


def _find_action_classes() -> None:
    pending: list[type[Action]] = [Action]
    while pending:
        cls = pending.pop()
        for sub in cls.__subclasses__():
            if not sub.__name__.startswith("_"):
                _ACTION_CLASSES[sub.__name__] = sub
            pending.append(sub)


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


def action_from_dict(data: object, *, limits: Limits = LIMITS) -> Action:
    """The action a dictionary from :func:`action_to_dict` describes.

    Fields are checked against ``limits`` (:class:`Limits`: nesting, list
    lengths, text lengths) before any card is read.

    :raises InvalidStateError: for an unknown type or bad fields.

    >>> action_from_dict({"type": "Discard", "card": "Kd"})
    Discard(card=Card('Kd'))
    """
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise InvalidStateError(
            f"an action must be an object with a type, not {quoted(data)}"
        )
    cls = _action_classes().get(data["type"])
    if cls is None:
        _find_action_classes()
        cls = _ACTION_CLASSES.get(data["type"])
    if cls is None:
        raise InvalidStateError(f"unknown action type {quoted(data['type'], 40)}")
    names = {field.name for field in attrs.fields(cls)}
    extra = set(data) - names - {"type"}
    if extra:
        shown = sorted(str(name)[:40] for name in extra)[:5]
        raise InvalidStateError(f"unknown field(s) {shown} for action {cls.__name__}")
    values = {name: data[name] for name in names if name in data}
    for name, value in values.items():
        _check_plain(value, f"action {cls.__name__}.{name}", limits)
        if (
            isinstance(value, int)
            and not isinstance(value, bool)
            and not 0 <= value < 10**9
        ):
            raise InvalidStateError(
                f"action {cls.__name__}.{name} is out of range: {quoted(value, 40)}"
            )
    try:
        return cls(**values)
    except (TypeError, ValueError, RummyError) as error:
        raise InvalidStateError(f"bad action {quoted(data, 120)}: {error}") from None


def _check_plain(value: object, where: str, limits: Limits) -> None:
    """Refuse anything but text, whole numbers, true/false, null and short,
    shallow lists of them (without recursing, so any depth is refused cleanly)."""
    pending: list[tuple[object, int]] = [(value, 0)]
    while pending:
        item, depth = pending.pop()
        if isinstance(item, str):
            if len(item) > limits.max_string:
                raise InvalidStateError(
                    f"{where} is too long (more than {limits.max_string:,} characters)"
                )
        elif isinstance(item, list):
            if depth >= 2:
                raise InvalidStateError(f"{where} is nested too deeply")
            if len(item) > limits.max_items:
                raise InvalidStateError(
                    f"{where} has {len(item):,} items; an action's lists hold at "
                    f"most {limits.max_items:,} (Limits.max_items)"
                )
            pending.extend((entry, depth + 1) for entry in item)
        elif not (isinstance(item, bool | int) or item is None):
            raise InvalidStateError(
                f"{where} has a value of the wrong type: {quoted(item, 60)}"
            )


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
    """Where the hand stands, and everything that decides its money: the
    variant with its options (stake, rake, penalties...), the scores it
    started from and the outcome with every payment."""
    return {
        "phase": state.phase.value,
        "current": state.current,
        "hands": [str(hand) for hand in state.hands],
        "pile": " ".join(map(str, state.pile)),
        "stock_size": len(state.stock),
        "decision_id": state.decision_id,
        "variant": _variant_to_dict(state.rules),
        "scores": list(state.scores),
        "outcome": _outcome(state.outcome),
    }


#: The snapshot fields of version 1, which bound neither options nor money.
_V1_SNAPSHOT = ("phase", "current", "hands", "pile", "stock_size", "decision_id")


def _check_snapshot(saved: object, replayed: dict[str, object], what: str) -> None:
    if saved is None:
        raise InvalidStateError(
            f"the saved {what} has no snapshot, so it cannot be checked: the file "
            "is incomplete or was edited"
        )
    if not isinstance(saved, dict):
        raise InvalidStateError(f"the {what}'s snapshot must be an object")
    if saved == replayed:
        return
    differ = [key for key in replayed if saved.get(key) != replayed[key]]
    extra = [key for key in saved if key not in replayed]
    if extra:
        differ.append("unknown fields")
    raise InvalidStateError(
        f"the snapshot does not match the replayed {what} "
        f"({', '.join(differ[:6])} differ): the file is corrupt or was edited"
    )


def _sign(data: dict[str, object], key: bytes | None) -> dict[str, object]:
    if key is None:
        return data
    return {**data, "signature": _signature(data, _check_key(key))}


def _check_key(key: object) -> bytes:
    if not isinstance(key, bytes | bytearray) or not key:
        raise InvalidOptionError(
            f"key must be non-empty bytes (a secret for HMAC-SHA256), not {quoted(key, 20)}"
        )
    return bytes(key)


def _signature(data: Mapping[str, object], key: bytes) -> str:
    """HMAC-SHA256 of the document's canonical JSON, without its signature."""
    unsigned = {name: value for name, value in data.items() if name != "signature"}
    canonical = json.dumps(
        unsigned, sort_keys=True, separators=(",", ":"), ensure_ascii=False
    ).encode("utf-8")
    return hmac.new(key, canonical, hashlib.sha256).hexdigest()


def _verify(data: Mapping[str, object], key: bytes | None) -> None:
    """With a key, refuse a document that is unsigned or whose signature
    does not match (compared in constant time), before any replay."""
    if key is None:
        return
    key = _check_key(key)
    signature = data.get("signature")
    if not isinstance(signature, str):
        raise InvalidStateError(
            "the saved game is not signed, and a key was given: refused"
        )
    try:
        expected = _signature(data, key)
    except (TypeError, ValueError, RecursionError):
        raise InvalidStateError(
            "the saved game cannot be checked against its signature"
        ) from None
    if not hmac.compare_digest(signature.encode("utf-8"), expected.encode("ascii")):
        raise InvalidStateError(
            "the signature does not match: the file was edited or signed with "
            "another key"
        )


def state_to_dict(state: State, *, key: bytes | None = None) -> dict[str, object]:
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
    data: dict[str, object] = {
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
    return _sign(data, key)


def state_to_json(state: State, *, key: bytes | None = None) -> str:
    """A hand as JSON text: its record and a snapshot.

    With ``key`` (a secret, as bytes), the document carries a
    ``signature``: HMAC-SHA256 of its canonical JSON.  Load it with the same
    key to refuse any edited or unsigned file.

    :raises InvalidStateError: for a state that was not dealt by ``new_game``.
    :raises InvalidOptionError: for a key that is not non-empty bytes.
    """
    return json.dumps(state_to_dict(state, key=key), ensure_ascii=False)


def _load(text: str | bytes, kind: str, limits: Limits) -> dict[str, Any]:
    """Parse a document, checking its size and its number of entries before
    parsing, then its nesting, without recursing."""
    if not isinstance(text, str | bytes):
        raise InvalidStateError(f"a saved game is JSON text, not {type(text).__name__}")
    if len(text) > limits.max_bytes:
        raise InvalidStateError(
            f"the saved game is too large ({len(text):,} bytes; at most "
            f"{limits.max_bytes:,}, Limits.max_bytes)"
        )
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise InvalidStateError("the saved game is not UTF-8 text") from None
    # Every entry but a container's first follows a comma: counting them all
    # (strings included) bounds the entries from above, at C speed.
    entries = text.count(",")
    if entries > limits.max_entries:
        raise InvalidStateError(
            f"the saved game holds more than {limits.max_entries:,} entries "
            "(Limits.max_entries)"
        )
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:
        # ValueError covers JSONDecodeError and integers too long to convert.
        raise InvalidStateError(f"the saved game is not valid JSON: {error}") from None
    return data  # type: ignore[no-any-return]


def _check_document(data: object, kind: str, limits: Limits) -> dict[str, Any]:
    """Check a parsed document's size and nesting (without recursing, with
    early exit) and its header."""
    if not isinstance(data, Mapping):
        raise InvalidStateError(
            f"a saved game is a JSON object, not {type(data).__name__}"
        )
    _check_shape(data, limits)
    return _check_header(dict(data), kind)


def _check_shape(data: object, limits: Limits) -> None:
    """Refuse documents nested deeper, or with more entries, than the limits."""
    pending: list[tuple[object, int]] = [(data, 0)]
    entries = 0
    while pending:
        item, depth = pending.pop()
        if isinstance(item, Mapping | list | tuple):
            if depth >= limits.max_depth:
                raise InvalidStateError(
                    f"the saved game is nested more than {limits.max_depth} levels "
                    "deep (Limits.max_depth)"
                )
            entries += len(item)
            if entries > limits.max_entries:
                raise InvalidStateError(
                    f"the saved game holds more than {limits.max_entries:,} "
                    "entries (Limits.max_entries)"
                )
            values = item.values() if isinstance(item, Mapping) else item
            pending.extend((value, depth + 1) for value in values)


def _check_header(data: dict[str, Any], kind: str) -> dict[str, Any]:
    if data.get("format") != FORMAT:
        raise InvalidStateError(
            f"not a rummykit document (format {quoted(data.get('format'), 40)})"
        )
    version = data.get("version")
    if version == 1 and not isinstance(version, bool):
        raise InvalidStateError(
            "this is a version 1 save, which this rummykit no longer reads: "
            "version 1 does not bind the options and payments that decide money, "
            "so an edited stake would go unnoticed (this rummykit reads version "
            f"{VERSION}; see 'Format versions' in the saving guide)"
        )
    if not isinstance(version, int) or isinstance(version, bool) or version != VERSION:
        raise InvalidStateError(
            f"unsupported version {quoted(version, 40)} (this rummykit reads "
            f"version {VERSION})"
        )
    if data.get("kind") != kind:
        raise InvalidStateError(
            f"expected a saved {kind}, found {quoted(data.get('kind'), 40)}"
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
            f"{name} must be a whole number from {low} to {high}, not {quoted(value, 40)}"
        )
    return value


def _actions(data: Mapping[str, Any], limits: Limits) -> Iterator[Action]:
    """The record's actions, each decoded only when the replay reaches it."""
    raw = data.get("actions")
    if not isinstance(raw, list) or len(raw) > limits.max_actions:
        raise InvalidStateError(
            f"actions must be a list (of at most {limits.max_actions:,} actions, "
            "Limits.max_actions)"
        )
    return (action_from_dict(item, limits=limits) for item in raw)


def _replay(start: Any, actions: Iterator[Action]) -> Any:
    """Apply each action as it is decoded; a refused one names its number.

    The message quotes the action and the rule's reason cut short, so that a
    huge action in a save cannot make a huge message."""
    current = start
    for number, action in enumerate(actions, start=1):
        try:
            current = current.apply(action)
        except IllegalActionError as error:
            raise InvalidStateError(
                f"action {number} ({_shown(action, QUOTE_LIMIT)}) is refused: "
                f"{_shown(error.reason, 4 * QUOTE_LIMIT)}"
            ) from None
        except (IndexError, KeyError, TypeError) as error:
            # The rules check every action; this guards a server against a
            # record that reaches a case they do not foresee.
            raise InvalidStateError(
                f"action {number} ({_shown(action, QUOTE_LIMIT)}) cannot be "
                f"replayed: {quoted(error)}"
            ) from None
    return current


def state_from_dict(
    data: Mapping[str, Any], *, key: bytes | None = None, limits: Limits = LIMITS
) -> State:
    """Rebuild a hand from :func:`state_to_dict`'s dictionary, checking everything.

    With ``key``, the document must carry a matching signature (see
    :func:`state_to_json`).

    :raises InvalidStateError: saying what is wrong.
    """
    data = _check_document(data, "state", limits)
    _verify(data, key)
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
    except (InvalidCardError, ValueError, IndexError) as error:
        raise InvalidStateError(f"bad deal: {error}") from None
    state = attrs.evolve(state, scores=tuple(scores))
    state = _replay(state, _actions(data, limits))
    _check_snapshot(data.get("snapshot"), _snapshot(state), "game")
    return state  # type: ignore[no-any-return]


def state_from_json(
    text: str | bytes, *, key: bytes | None = None, limits: Limits = LIMITS
) -> State:
    """Load a hand saved by :func:`state_to_json`, replaying and checking it.

    ``limits`` bounds the work (:class:`Limits`); with ``key``, an unsigned
    or edited document is refused before any replay.

    :raises InvalidStateError: for anything corrupt or hostile; nothing is
        half-loaded.
    """
    return state_from_dict(_load(text, "state", limits), key=key, limits=limits)


# -- matches ----------------------------------------------------------------------------


def _payment(payment: Payment) -> dict[str, object]:
    return attrs.asdict(payment, value_serializer=lambda _, __, v: _plain(v))


def _match_snapshot(match: Match) -> dict[str, object]:
    """Where the match stands, with everything that decides its money: the
    variant's options, every payment of the ledger and the totals."""
    return {
        "hand_number": match.hand_number,
        "scores": list(match.scores),
        "winners": list(match.winners),
        "variant": _variant_to_dict(match.variant),
        "ledger": [_payment(payment) for payment in match.ledger],
        "money": [money_text(amount) for amount in match.money],
        "pool": money_text(match.pool),
        "rake": money_text(match.rake),
        "hand": _snapshot(match.state),
    }


def match_to_json(match: Match, *, key: bytes | None = None) -> str:
    """A match as JSON text: its seed, every action and a snapshot.

    ``key`` signs it, as for :func:`state_to_json`.

    >>> from rummykit import get_variant
    >>> match = get_variant("rumino").new_match(players=3, seed=2)
    >>> match_from_json(match_to_json(match)) == match
    True
    """
    data: dict[str, object] = {
        **_header("match"),
        "variant": _variant_to_dict(match.variant),
        "players": match.players,
        "seed": match.seed,
        "first_dealer": match.first_dealer,
        "max_hands": match.max_hands,
        "actions": [action_to_dict(action) for action in match.actions],
        "snapshot": _match_snapshot(match),
    }
    return json.dumps(_sign(data, key), ensure_ascii=False)


def match_from_json(
    text: str | bytes, *, key: bytes | None = None, limits: Limits = LIMITS
) -> Match:
    """Load a match saved by :func:`match_to_json`, replaying and checking it.

    ``key`` and ``limits`` work as for :func:`state_from_json`.

    :raises InvalidStateError: for anything corrupt or hostile.
    """
    data = _check_document(_load(text, "match", limits), "match", limits)
    _verify(data, key)
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
    except (ValueError, IndexError) as error:
        raise InvalidStateError(f"bad match: {error}") from None
    match = _replay(match, _actions(data, limits))
    _check_snapshot(data.get("snapshot"), _match_snapshot(match), "match")
    return match  # type: ignore[no-any-return]


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
        "payments": [_payment(payment) for payment in outcome.payments],
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
