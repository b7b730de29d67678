"""The tables a server hosts: seats, tokens, what each seat is sent, and the
checks every submitted action passes.

Nothing here touches the network or reads a clock: the caller passes the
time (``now``, in seconds) to every method that needs it, so the rules of
the table are plain functions of their inputs, and the web layer
(:mod:`rummykit.web.app`) only carries messages.

>>> registry = Registry()
>>> table = registry.create(
...     {"variant": "classic", "seats": ["human", "greedy"], "hands": 1, "seed": 3},
...     now=0.0,
... )
>>> seat = registry.seat_for(table.seats[0].token)
>>> seat == (table, 0)
True
>>> message = table.message_for(0, now=0.0)
>>> message["view"]["hand"] == str(table.match.state.hands[0])
True
>>> table.submit(0, {"type": "action", "token": "guess", "decision": 0,
...                  "action": {"type": "DrawStock"}}, now=0.0)
Traceback (most recent call last):
...
rummykit.web.tables.Refused: refused: that token is not this seat's token
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from rummykit.agents import GreedyAgent, RandomAgent
from rummykit.agents.base import Agent
from rummykit.engine import Action, State, Timeout
from rummykit.errors import IllegalActionError, RummyError
from rummykit.match import Match
from rummykit.serialize import (
    action_from_dict,
    match_to_json,
    view_to_dict,
)
from rummykit.variants import VARIANTS, Variant, find_variant, get_variant

__all__ = [
    "SEAT_KINDS",
    "Refused",
    "Registry",
    "Seat",
    "Table",
    "parse_option",
    "variant_catalogue",
]

#: What may sit in a seat: a person, or one of the bundled bots.
SEAT_KINDS = ("human", "random", "greedy")

_MAX_AUTOMATIC_STEPS = 20_000


class Refused(RummyError, ValueError):
    """A request the table refuses; the message says why, and nothing changed.

    >>> str(Refused("it is not your turn"))
    'refused: it is not your turn'
    """

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(f"refused: {reason}")


def parse_option(text: str) -> object:
    """An option's value from the text a person typed: a whole or decimal
    number, ``true``/``false``, ``none``, or else the text itself.

    >>> [parse_option(text) for text in ["7", "2.5", "True", "none", "points"]]
    [7, 2.5, True, None, 'points']
    """
    lowered = text.strip().lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    if lowered in ("none", ""):
        return None
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text.strip()


def _plain(value: object) -> object:
    """A value a browser can show (JSON has no Decimal or enum)."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    return str(value)


def variant_catalogue() -> list[dict[str, object]]:
    """Every variant with its presets, seat limits and options with their
    defaults (per preset), for the lobby.

    >>> [entry["name"] for entry in variant_catalogue()] == [v.name for v in VARIANTS]
    True
    """
    catalogue: list[dict[str, object]] = []
    for cls in VARIANTS:
        presets: list[str | None] = [*cls.presets] or [None]
        defaults: dict[str, dict[str, object]] = {}
        limits: dict[str, list[int]] = {}
        for preset in presets:
            variant = cls() if preset is None else get_variant(cls.name, preset=preset)
            key = preset or ""
            defaults[key] = {
                field.name: _plain(getattr(variant, field.name))
                for field in attrs.fields(cls)
                if field.name != "preset"
            }
            limits[key] = [
                int(getattr(variant, "min_players", 2)),
                int(getattr(variant, "max_players", 6)),
            ]
        catalogue.append(
            {
                "name": cls.name,
                "presets": [preset for preset in presets if preset is not None],
                "players": limits,
                "defaults": defaults,
            }
        )
    return catalogue


@attrs.define
class Seat:
    """One seat of a table: who sits there, and its secret token."""

    kind: str
    """``"human"``, ``"random"`` or ``"greedy"``."""
    token: str
    """The unguessable secret that lets a browser act for this seat."""
    agent: Agent | None = None
    """The bot playing the seat, for a bot seat."""
    acted: set[int] = attrs.field(factory=set)
    """The table decisions this seat has acted on (to refuse replays)."""


def _agent(kind: str, seed: int) -> Agent | None:
    if kind == "greedy":
        return GreedyAgent()
    if kind == "random":
        return RandomAgent(seed)
    return None


@attrs.define
class Table:
    """One match and its seats.

    The table's *decision number* is the number of actions applied to the
    match so far.  A browser quotes it with every action, so that an action
    meant for an earlier decision (a stale view, a late click, a replayed
    message) is refused instead of being applied to the wrong one.
    """

    id: str
    """The table's public name."""
    match: Match
    """The match being played."""
    seats: list[Seat]
    """The seats, by seat number."""
    host_token: str
    """The secret of whoever created the table: it may save the match at any time."""
    bot_delay: float = 0.0
    """Seconds a bot waits before acting, so that people can follow the play."""
    finished: list[State] = attrs.field(factory=list)
    """Each finished hand as it ended, for the end-of-hand summaries."""
    since: float = 0.0
    """When the pending decision became pending."""
    deadline: float | None = None
    """When the pending decision's timer runs out, if it has one."""
    timer_key: tuple[object, ...] | None = None
    """Which countdown :attr:`deadline` belongs to."""
    version: int = 0
    """Counts every change, so that listeners know when to send again."""

    # -- reading ------------------------------------------------------------------

    @property
    def decision(self) -> int:
        """The table's decision number: the actions applied to the match so far."""
        return len(self.match.actions)

    def _timer(self) -> tuple[tuple[object, ...], float] | None:
        """The pending decision's countdown: its key and length in seconds."""
        match = self.match
        if match.is_terminal or match.queue:
            return None
        pending = match.state.pending
        if pending is None or pending.timer is None:
            return None
        timer = pending.timer
        return (match.hand_number, pending.player, timer.name), float(timer.seconds)

    def seconds_left(self, now: float) -> float | None:
        """Seconds until the pending decision's timer runs out, if it has one."""
        if self.deadline is None:
            return None
        return max(0.0, self.deadline - now)

    def message_for(self, seat: int, *, now: float) -> dict[str, object]:
        """Everything seat ``seat`` is sent: its own view and public facts.

        The view is :func:`~rummykit.serialize.view_to_dict` of the seat's
        own :class:`~rummykit.engine.PlayerView`, so it holds the seat's
        legal actions only on its turn, and no card the seat may not see.
        """
        match = self.match
        view = match.view(seat)
        hint: list[str] = []
        deadwood: list[str] = []
        rules = match.state.rules
        if isinstance(rules, Variant) and len(view.hand):
            grouping = rules.partition(view.hand, wild_rank=view.wild_rank)
            hint = [" ".join(map(str, meld.cards)) for meld in grouping.melds]
            deadwood = [str(card) for card in grouping.deadwood]
        pending = view.decision
        timer = None
        left = self.seconds_left(now)
        if left is not None and pending is not None and pending.timer is not None:
            timer = {
                "name": pending.timer.name,
                "player": pending.player,
                "seconds": pending.timer.seconds,
                "left": round(left, 2),
            }
        summary = None
        if self.finished:
            ended = self.finished[-1]
            summary = {
                "hand": len(self.finished),
                "view": view_to_dict(ended.view(seat)),
            }
        return {
            "type": "table",
            "table": self.id,
            "seat": seat,
            "seats": [entry.kind for entry in self.seats],
            "decision": self.decision,
            "view": view_to_dict(view),
            "labels": [str(action) for action in view.legal_actions],
            "hint": {"melds": hint, "deadwood": deadwood},
            "timer": timer,
            "match": {
                "hand_number": match.hand_number,
                "scores": list(match.scores),
                "money": [_plain(money) for money in match.money],
                "ledger": [
                    {
                        "payer": payment.payer,
                        "payee": payment.payee,
                        "points": payment.points,
                        "money": _plain(payment.money),
                        "rake": _plain(payment.rake),
                        "reason": payment.reason,
                    }
                    for payment in match.ledger
                ],
                "eliminated": list(match.eliminated),
                "winners": list(match.winners),
                "over": match.is_terminal,
            },
            "summary": summary,
        }

    def save(self, token: str) -> str:
        """The match as :func:`~rummykit.serialize.match_to_json` text.

        The record holds every card of every hand, so the host may save at
        any time and a seat only once the match is over.

        :raises Refused: for any other token.
        """
        if secrets.compare_digest(token, self.host_token):
            return match_to_json(self.match)
        if any(secrets.compare_digest(token, seat.token) for seat in self.seats):
            if self.match.is_terminal:
                return match_to_json(self.match)
            raise Refused(
                "the saved record shows every card, so a seat may save it only "
                "once the match is over (the host may save at any time)"
            )
        raise Refused("that token belongs to no seat of this table")

    # -- acting -------------------------------------------------------------------

    def submit(self, seat: int, message: Mapping[str, Any], *, now: float) -> None:
        """Apply the action a browser sent for ``seat``, after checking it.

        ``message`` is ``{"type": "action", "token": ..., "decision": n,
        "action": {...}}`` with the action as
        :func:`~rummykit.serialize.action_to_dict` writes it.  The action
        must be one of the seat's legal actions, or (for the combinatorial
        choices, such as a declaration's grouping) of a type offered among
        them and legal.

        :raises Refused: naming the reason; nothing changes.
        """
        entry = self.seats[seat]
        token = message.get("token")
        if not isinstance(token, str) or not secrets.compare_digest(token, entry.token):
            others = [
                number
                for number, other in enumerate(self.seats)
                if isinstance(token, str) and secrets.compare_digest(token, other.token)
            ]
            if others:
                raise Refused(
                    f"this connection is seat {seat}'s; the token of seat "
                    f"{others[0]} cannot act through it"
                )
            raise Refused("that token is not this seat's token")
        number = message.get("decision")
        if not isinstance(number, int) or isinstance(number, bool):
            raise Refused("an action must quote the decision number it answers")
        if number in entry.acted:
            raise Refused(
                f"a replay: you already acted on decision {number}, and it was applied"
            )
        if number != self.decision:
            raise Refused(
                f"stale decision {number}: the table is at decision {self.decision} "
                "(the view you acted on is out of date)"
            )
        if self.match.current_player != seat:
            whose = self.match.current_player
            raise Refused(
                "the match is over"
                if whose is None
                else f"it is not your turn: player {whose} is to act"
            )
        try:
            action = action_from_dict(message.get("action"))
        except RummyError as error:
            raise Refused(f"a malformed action: {error}") from None
        legal = self.match.legal_actions()
        if action not in legal:
            offered = {type(item) for item in legal}
            reason = None
            try:
                self.match.check(action)
            except IllegalActionError as error:
                reason = error.reason
            if type(action) not in offered or reason is not None:
                because = f": {reason}" if reason else ""
                raise Refused(f"{action} is not one of your legal actions{because}")
        self._apply(action, now)
        entry.acted.add(number)

    def _apply(self, action: Action, now: float) -> None:
        before = self.match
        after = before.apply(action)
        if not before.queue and not before.state.is_terminal:
            ended = before.state.apply(action)
            if ended.is_terminal:
                self.finished.append(ended)
        self.match = after
        self.version += 1
        self._restart_timer(now, timed_out=isinstance(action, Timeout))

    def _restart_timer(self, now: float, *, timed_out: bool) -> None:
        """Start the pending decision's countdown, or keep the running one.

        A timer named ``"turn"`` covers a whole turn: the host keeps counting
        across the draw and the discard, while the same player goes on.
        """
        self.since = now
        found = self._timer()
        if found is None:
            self.deadline = self.timer_key = None
            return
        key, seconds = found
        if (
            key == self.timer_key
            and key[2] == "turn"
            and not timed_out
            and self.deadline is not None
        ):
            return
        self.timer_key = key
        self.deadline = now + seconds

    def wake_at(self) -> float | None:
        """When the table next acts by itself (a bot's move or a timeout)."""
        if self.match.is_terminal:
            return None
        player = self.match.current_player
        if player is not None and self.seats[player].agent is not None:
            return self.since + self.bot_delay
        return self.deadline

    def advance(self, now: float) -> bool:
        """Make every move that is due by ``now``: bots' moves and timeouts.

        :returns: whether anything changed.
        """
        changed = False
        for _ in range(_MAX_AUTOMATIC_STEPS):
            due = self.wake_at()
            if due is None or due > now:
                break
            player = self.match.current_player
            assert player is not None
            agent = self.seats[player].agent
            if agent is not None:
                view = self.match.view(player)
                self._apply(agent.choose(view, view.legal_actions), now)
            else:
                pending = self.match.state.pending
                assert pending is not None
                self._apply(Timeout(pending.decision_id), now)
            changed = True
        return changed


def _new_token() -> str:
    return secrets.token_urlsafe(18)


@attrs.define
class Registry:
    """Every table of a server, and which token opens which seat."""

    tables: dict[str, Table] = attrs.field(factory=dict)
    tokens: dict[str, tuple[str, int]] = attrs.field(factory=dict)
    limit: int = 200
    """The most tables kept; the oldest finished ones make way."""

    def create(self, spec: Mapping[str, Any], *, now: float) -> Table:
        """Open a table from the lobby's choices.

        ``spec`` holds ``variant``, optional ``preset``, ``options`` (names to
        values, or to text as typed, see :func:`parse_option`), ``seats`` (a
        list of :data:`SEAT_KINDS`, at least one human), optional ``hands``
        (stop after that many hands), ``seed`` and ``bot_delay``.

        :raises Refused: for bad choices, saying which.
        """
        if not isinstance(spec, Mapping):
            raise Refused("a table is described by an object")
        name = spec.get("variant")
        if not isinstance(name, str):
            raise Refused("choose a variant")
        try:
            cls = find_variant(name)
        except ValueError as error:
            raise Refused(str(error)) from None
        raw = spec.get("options") or {}
        if not isinstance(raw, Mapping):
            raise Refused("options must map option names to values")
        options = {
            str(key): parse_option(value) if isinstance(value, str) else value
            for key, value in raw.items()
        }
        preset = spec.get("preset")
        if preset:
            if preset not in cls.presets:
                known = ", ".join(cls.presets) or "none"
                raise Refused(f"{cls.name} has no preset {preset!r}; presets: {known}")
            options["preset"] = preset
        try:
            variant = get_variant(cls.name, **options)
        except (TypeError, ValueError) as error:
            raise Refused(f"bad options: {error}") from None
        kinds = spec.get("seats")
        if not isinstance(kinds, Sequence) or isinstance(kinds, str):
            raise Refused("seats must be a list such as ['human', 'greedy']")
        for kind in kinds:
            if kind not in SEAT_KINDS:
                raise Refused(
                    f"a seat is one of {', '.join(SEAT_KINDS)}, not {kind!r:.40}"
                )
        if "human" not in kinds:
            raise Refused("at least one seat must be human")
        hands = spec.get("hands")
        seed = spec.get("seed")
        for label, value in (("hands", hands), ("seed", seed)):
            if value is not None and (
                not isinstance(value, int) or isinstance(value, bool) or value < 0
            ):
                raise Refused(f"{label} must be a whole number, not {value!r:.40}")
        delay = spec.get("bot_delay", 0.0)
        if not isinstance(delay, int | float) or isinstance(delay, bool):
            raise Refused("bot_delay must be a number of seconds")
        try:
            match = variant.new_match(
                players=len(kinds), seed=seed, max_hands=hands or None
            )
        except ValueError as error:
            raise Refused(str(error)) from None
        chooser = secrets.SystemRandom()
        seats = [
            Seat(kind, _new_token(), _agent(kind, chooser.getrandbits(32)))
            for kind in kinds
        ]
        table = Table(
            id=secrets.token_urlsafe(6),
            match=match,
            seats=seats,
            host_token=_new_token(),
            bot_delay=min(max(float(delay), 0.0), 10.0),
        )
        table._restart_timer(now, timed_out=False)
        self._make_room()
        self.tables[table.id] = table
        for number, seat in enumerate(seats):
            if seat.kind == "human":
                self.tokens[seat.token] = (table.id, number)
        return table

    def _make_room(self) -> None:
        while len(self.tables) >= self.limit:
            finished = [t for t in self.tables.values() if t.match.is_terminal]
            oldest = (finished or list(self.tables.values()))[0]
            del self.tables[oldest.id]
            for token in [t for t, (tid, _) in self.tokens.items() if tid == oldest.id]:
                del self.tokens[token]

    def seat_for(self, token: object) -> tuple[Table, int]:
        """The table and seat a join token opens.

        :raises Refused: for a token that opens no seat.
        """
        if isinstance(token, str):
            found = self.tokens.get(token)
            if found is not None and found[0] in self.tables:
                return self.tables[found[0]], found[1]
        raise Refused("that link's token opens no seat on this server")

    def table_for_host(self, token: object) -> Table:
        """The table whose host token is ``token``.

        :raises Refused: for any other token.
        """
        if isinstance(token, str):
            for table in self.tables.values():
                if secrets.compare_digest(token, table.host_token):
                    return table
        raise Refused("that token is not a host's token")
