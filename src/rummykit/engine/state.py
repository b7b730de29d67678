"""The generic, immutable state of one dealt hand, and its transitions.

A :class:`State` never changes: :meth:`State.apply` checks an action and
returns a new state, and a refused action raises
:class:`~rummykit.errors.IllegalActionError` and leaves every state as it
was.  Keeping an old state is undo.

>>> from rummykit import get_variant
>>> state = get_variant("classic").new_game(players=2, seed=3)
>>> state.phase, state.current_player
(<Phase.DRAW: 'draw'>, 0)
>>> after = state.apply(state.legal_actions()[0])
>>> after.phase, state.phase
(<Phase.PLAY: 'play'>, <Phase.DRAW: 'draw'>)
"""

from __future__ import annotations

import functools
import random
from bisect import bisect_right
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, Self

import attrs

from rummykit._arguments import check_rng, check_seed, whole_number
from rummykit.cards import JOKER_CODE, Card, Hand, Rank, parse_cards
from rummykit.engine._shuffle import shuffle
from rummykit.engine.actions import (
    Action,
    Claim,
    Discard,
    DrawDiscard,
    DrawStock,
    Drop,
    Event,
    Pass,
    Phase,
    Timeout,
)
from rummykit.engine.history import History
from rummykit.engine.outcome import Outcome
from rummykit.engine.rules import RuleSet, StockPolicy
from rummykit.engine.views import (
    Expiry,
    PendingDecision,
    PlayerView,
    TableMeld,
    _new_view,
)
from rummykit.errors import (
    IllegalActionError,
    InvalidCardError,
    InvalidOptionError,
    quoted,
)
from rummykit.partition import partition

if TYPE_CHECKING:  # pragma: no cover
    pass

__all__ = ["Origin", "State", "new_game"]


_DRAW_STOCK = DrawStock()
_DRAW_DISCARD = DrawDiscard()
_DISCARDS = tuple(Discard(Card.from_code(code)) for code in range(JOKER_CODE + 1))
"""Actions are values, so the listings share one of each."""

_BOTH_DRAWS: tuple[Action, ...] = (_DRAW_STOCK, _DRAW_DISCARD)
"""The listing of a turn's start where both draws are allowed and nothing else."""

_MOVES: tuple[dict[int, Event], dict[int, Event], dict[int, Event]] = ({}, {}, {})
"""The events of draws from the stock, takes from the pile and discards made
with the shared actions, by seat and card (see :func:`_move`)."""

_LEGAL = "_legal_actions"
"""Where a state keeps its list of legal actions once it has been asked for it."""

_PENDING = "_pending"
"""Where a state keeps its pending decision once it has been asked for it."""


def _move(kind: int, player: int, card: Card) -> Event:
    """The event of ``player`` drawing ``card`` from the stock (``kind`` 0),
    taking it from the pile (1) or discarding it (2), with the shared action:
    one value per seat and card, which every hand's history shares (events
    are values, and these are made at almost every step)."""
    known = _MOVES[kind]
    key = player << 6 | card.code
    event = known.get(key)
    if event is None:
        action = _DRAW_STOCK if kind == 0 else _DRAW_DISCARD if kind == 1 else None
        event = Event(
            player=player,
            action=_DISCARDS[card.code] if action is None else action,
            card=card,
            private=kind == 0,
        )
        known[key] = event
    return event


def _seen_by(player: int, event: Event) -> Event:
    """``event`` as ``player`` sees it: their own in full, others' censored."""
    return event if event.player == player else event.censored()


def _events(events: Iterable[Event]) -> History[Event]:
    """Keep a history as it is; make one of any other sequence of events."""
    return events if isinstance(events, History) else History(events)


def _actions(actions: Iterable[Action]) -> History[Action]:
    """Keep a history as it is; make one of any other sequence of actions."""
    return actions if isinstance(actions, History) else History(actions)


@attrs.frozen(kw_only=True, slots=False)
class State:
    """One dealt hand: the cards, whose turn it is, and what has happened.

    Build states with a variant's ``new_game``; the fields are public for
    reading, saving and testing.  Hidden information lives here too (every
    hand, the stock order), so show players :meth:`view` instead.

    >>> from rummykit import get_variant
    >>> state = get_variant("classic").new_game(players=3, seed=1)
    >>> [len(hand) for hand in state.hands], len(state.stock), len(state.pile)
    ([7, 7, 7], 30, 1)
    """

    rules: RuleSet
    """The variant being played."""
    players: int
    """The number of seats."""
    dealer: int
    """The dealer's seat."""
    hands: tuple[Hand, ...]
    """Each seat's cards."""
    stock: tuple[Card, ...]
    """The stock, bottom first (its last card is the top)."""
    pile: tuple[Card, ...]
    """The discard pile, bottom first (its last card is the top)."""
    table: tuple[TableMeld, ...] = ()
    """The melds on the table."""
    out_of_play: tuple[Card, ...] = ()
    """Cards out of play: dropped hands, a face-up indicator."""
    wild_rank: Rank | None = None
    """The hand's wild rank, if the variant has one."""
    indicator: Card | None = None
    """The face-up card that set the wild rank."""
    phase: Phase = Phase.DRAW
    """What kind of decision is pending."""
    current: int = 0
    """The seat whose decision is pending (meaningless once ended)."""
    turn: int = 0
    """The seat whose turn it is (in a claim window or a show, another seat may
    be deciding: :attr:`current`)."""
    active: tuple[bool, ...] = ()
    """Which seats are still in the hand."""
    drawn: Card | None = None
    """The card the current player drew this turn."""
    taken: Card | None = None
    """The card the current player took from the discard pile this turn."""
    turnovers: int = 0
    """How many times the stock has been renewed from the pile."""
    lapses: tuple[int, ...] = ()
    """Timed-out decisions per seat."""
    decision_id: int = 0
    """Counts the decisions of the hand; a timeout must quote the current one."""
    queue: tuple[int, ...] = ()
    """Seats still to decide in a claim window or a show, in order."""
    shown: tuple[Hand | None, ...] = ()
    """Hands made public; ``None`` while hidden.  At the end of the hand every
    hand still in play is shown; a dropped hand stays ``None``."""
    extra: object = None
    """The variant's own facts about the hand, in a frozen value of a type the
    variant defines (:meth:`RuleSet.new_extra`); ``None`` if it keeps none.
    The engine carries it from state to state and never reads it."""
    history: History[Event] = attrs.field(default=History(), converter=_events)
    """Every action of the hand, with the card it moved: a read-only sequence
    (:class:`~rummykit.engine.History`) that grows in constant time."""
    outcome: Outcome | None = None
    """How the hand ended, once it has."""
    scores: tuple[int, ...] = ()
    """Running scores before this hand, for views (set by a match)."""
    chance: int = 0
    """The seed of the next shuffle, hidden from every player."""
    origin: Origin | None = None
    """How the hand was dealt, for saving and replaying it."""
    actions: History[Action] = attrs.field(default=History(), converter=_actions)
    """Every action applied to the hand, in order: with :attr:`origin`, a record
    that replays it exactly.  A read-only sequence like :attr:`history`."""

    # -- reading -----------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        """The seat that must act, or ``None`` once the hand is over.

        >>> from rummykit import get_variant
        >>> get_variant("classic").new_game(players=2, seed=0, dealer=1).current_player
        0
        """
        return None if self.phase is Phase.ENDED else self.current

    @property
    def is_terminal(self) -> bool:
        """Whether the hand is over.

        >>> from rummykit import get_variant
        >>> get_variant("classic").new_game(players=2, seed=0).is_terminal
        False
        """
        return self.phase is Phase.ENDED

    @property
    def variant(self) -> RuleSet:
        """The variant being played (the same as :attr:`rules`)."""
        return self.rules

    @property
    def pending(self) -> PendingDecision | None:
        """The pending decision with its timer, or ``None`` once ended.

        >>> from rummykit import get_variant
        >>> get_variant("classic").new_game(players=2, seed=0).pending.phase
        <Phase.DRAW: 'draw'>
        """
        known = self.__dict__
        if _PENDING in known:
            cached: PendingDecision | None = known[_PENDING]
            return cached
        decision = (
            None
            if self.phase is Phase.ENDED
            else PendingDecision(
                decision_id=self.decision_id,
                player=self.current,
                phase=self.phase,
                timer=self.rules.timer(self),
            )
        )
        known[_PENDING] = decision  # a cache: the state itself never changes
        return decision

    def seat_after(self, seat: int) -> int:
        """The next seat in the direction of play, active or not.

        >>> from rummykit import get_variant
        >>> get_variant("classic").new_game(players=3, seed=0).seat_after(2)
        0
        """
        return (seat + self.rules.play_direction()) % self.players

    def next_active(self, seat: int) -> int:
        """The next seat still in the hand after ``seat``.

        >>> from rummykit import get_variant
        >>> get_variant("classic").new_game(players=3, seed=0).next_active(0)
        1
        """
        nxt = self.seat_after(seat)
        while not self.active[nxt]:
            nxt = self.seat_after(nxt)
        return nxt

    def wild(self, card: Card) -> bool:
        """Whether ``card`` is a joker in this hand (printed, or of the wild rank).

        >>> from rummykit import Card, get_variant
        >>> get_variant("classic").new_game(players=2, seed=0).wild(Card("7h"))
        False
        """
        return card.is_joker or (
            self.wild_rank is not None and card.rank == self.wild_rank
        )

    # -- legality ----------------------------------------------------------------

    def legal_actions(self) -> tuple[Action, ...]:
        """Every action the current player may take, as displayable objects.

        Timeouts are the host's, not the player's, so they are not listed;
        :meth:`is_legal` accepts a timeout for the pending decision.

        >>> from rummykit import get_variant
        >>> [str(a) for a in get_variant("classic").new_game(players=2, seed=0).legal_actions()]
        ['draw from the stock', 'take the discard']
        """
        cached: tuple[Action, ...] | None = self.__dict__.get(_LEGAL)
        if cached is not None:
            return cached
        listed = self._list_actions()
        self.__dict__[_LEGAL] = listed  # a cache: the state itself never changes
        return listed

    def _list_actions(self) -> tuple[Action, ...]:
        if self.phase is Phase.ENDED:
            return ()
        actions: list[Action] = []
        if self.phase is Phase.DRAW:
            kind = type(self.rules)
            if (
                self.stock
                and self.pile
                and kind.draw_stock_reason is RuleSet.draw_stock_reason
                and kind.take_discard_reason is RuleSet.take_discard_reason
                and kind.turn_start_actions is RuleSet.turn_start_actions
            ):
                return _BOTH_DRAWS  # no rule of the rule set's own at the draw
            if self._stock_reason() is None:
                actions.append(_DRAW_STOCK)
            if self._take_reason() is None:
                actions.append(_DRAW_DISCARD)
            actions += self.rules.turn_start_actions(self)
        elif self.phase is Phase.PLAY:
            rules = self.rules
            actions += rules.play_actions(self)
            codes = dict.fromkeys(self.hands[self.current].codes)
            refused = rules.refused_discards(self)
            if refused is None:
                reason = rules.discard_reason
                for code in codes:
                    discard = _DISCARDS[code]
                    if reason(self, discard.card) is None:
                        actions.append(discard)
            else:
                for card in refused:
                    codes.pop(card.code, None)
                actions += [_DISCARDS[code] for code in codes]
        elif self.phase is Phase.CLAIM:
            if self.rules.can_claim(self, self.current):
                actions.append(Claim())
            actions.append(Pass())
        else:
            actions += self.rules.turn_start_actions(self)
        return tuple(actions)

    def check(self, action: Action) -> None:
        """Refuse ``action`` if it is illegal now, naming the rule.

        :raises IllegalActionError: with the action and the reason.

        >>> from rummykit import Card, get_variant
        >>> state = get_variant("classic").new_game(players=2, seed=0)
        >>> state.check(Discard(Card("Ks")))
        Traceback (most recent call last):
        ...
        rummykit.errors.IllegalActionError: illegal action discard Ks: a player draws before discarding (the phase is draw)
        """
        reason = self._reason(action)
        if reason is not None:
            raise IllegalActionError(action, reason)

    def is_legal(self, action: Action) -> bool:
        """Whether ``action`` is legal now; :meth:`check` without the raise.

        >>> from rummykit import get_variant
        >>> get_variant("classic").new_game(players=2, seed=0).is_legal(DrawStock())
        True
        """
        return self._reason(action) is None

    def _reason(self, action: Action) -> str | None:
        if not isinstance(action, Action):
            return f"{quoted(action)} is not an Action"
        if self.phase is Phase.ENDED:
            return "the hand is over"
        if isinstance(action, Timeout):
            if action.decision_id != self.decision_id:
                return (
                    f"decision {action.decision_id} is not the pending one "
                    f"({self.decision_id}); the player acted first"
                )
            if self.rules.timer(self) is None:
                return "the pending decision has no timer"
            return None
        if isinstance(action, DrawStock | DrawDiscard):
            if self.phase is not Phase.DRAW:
                return f"drawing happens at the start of a turn (the phase is {self.phase})"
            return (
                self._stock_reason()
                if isinstance(action, DrawStock)
                else self._take_reason()
            )
        if isinstance(action, Claim | Pass) and self.phase is Phase.CLAIM:
            if isinstance(action, Claim) and not self.rules.can_claim(
                self, self.current
            ):
                return f"player {self.current} holds nothing the discard completes"
            return None
        if isinstance(action, Discard):
            if self.phase is not Phase.PLAY:
                return f"a player draws before discarding (the phase is {self.phase})"
            if action.card not in self.hands[self.current]:
                return f"{action.card} is not in player {self.current}'s hand"
            return self._discard_reason(action.card)
        return self.rules.check_action(self, action)

    def _stock_reason(self) -> str | None:
        reason = self.rules.draw_stock_reason(self)
        if reason is not None:
            return reason
        if self.stock:
            return None
        policy = self.rules.stock_policy()
        if policy in (StockPolicy.RESHUFFLE_KEEP_TOP,) and len(self.pile) < 2:
            return "the stock is empty and the pile cannot renew it"
        if not self.pile:
            return "the stock and the discard pile are both empty"
        return None

    def _take_reason(self) -> str | None:
        if not self.pile:
            return "the discard pile is empty"
        return self.rules.take_discard_reason(self)

    def _discard_reason(self, card: Card) -> str | None:
        return self.rules.discard_reason(self, card)

    # -- transitions -------------------------------------------------------------

    def apply(self, action: Action) -> State:
        """Check ``action`` and return the state after it; this state is unchanged.

        :raises IllegalActionError: naming the rule, if ``action`` is illegal.

        >>> from rummykit import get_variant
        >>> state = get_variant("classic").new_game(players=2, seed=0)
        >>> state.apply(DrawStock()).phase
        <Phase.PLAY: 'play'>
        """
        if not self._listed(action):
            self.check(action)
        after = self._apply_unchecked(action)
        actions = self.actions.add(action)
        fields = after.__dict__
        if after is self or fields.get(_LEGAL) is not None:
            after = after._evolve(actions=actions)
        else:  # a state no one has seen yet: record the action in place
            fields["actions"] = actions
        if after.phase is not Phase.ENDED:
            limit = self.rules.action_limit()
            if limit is not None and len(actions) >= limit:
                return self.rules.end_on_action_limit(after)
        return after

    def _listed(self, action: Action) -> bool:
        """Whether ``action`` is among the legal actions already listed for this
        state (so that no second search is needed to allow it)."""
        listed: tuple[Action, ...] | None = self.__dict__.get(_LEGAL)
        if listed is None:
            return False
        for candidate in listed:
            if candidate is action:
                return True
        return action in listed

    def evolve(self, **changes: Any) -> Self:
        """A copy of this state with ``changes``, of the same type.

        It gives what ``attrs.evolve`` gives, faster: the fields are
        copied as they are, and only ``history`` and ``actions`` are converted
        (any sequence of events or actions becomes a :class:`History`).  Rule
        sets build their transitions with it; what this state cached (its
        legal actions, its pending decision) is not copied.

        :raises TypeError: if a change names no field of the state.

        >>> from rummykit import get_variant
        >>> state = get_variant("classic").new_game(players=2, seed=0)
        >>> later = state.evolve(turn=1, decision_id=5)
        >>> later.turn, state.turn, type(later) is type(state)
        (1, 0, True)
        >>> state.evolve(colour="red")
        Traceback (most recent call last):
        ...
        TypeError: State has no field 'colour'
        """
        known = self.__dict__  # every field, and caches named with a "_"
        for name in changes:
            if name not in known or name[0] == "_":
                raise TypeError(f"{type(self).__name__} has no field {name!r}")
        if "history" in changes:
            changes["history"] = _events(changes["history"])
        if "actions" in changes:
            changes["actions"] = _actions(changes["actions"])
        return self._evolve(**changes)

    def _evolve(self, **changes: Any) -> Self:
        """:meth:`evolve` without its checks, for the engine's hot transitions.

        No converters run, so ``history`` and ``actions`` must be given as
        :class:`History` values.
        """
        fields = self.__dict__.copy()
        if _LEGAL in fields:
            del fields[_LEGAL]
        if _PENDING in fields:
            del fields[_PENDING]
        fields.update(changes)
        state: Self = object.__new__(type(self))
        object.__setattr__(state, "__dict__", fields)
        return state

    def draw_stock(self) -> State:
        """Shortcut for ``apply(DrawStock())``."""
        return self.apply(DrawStock())

    def draw_discard(self) -> State:
        """Shortcut for ``apply(DrawDiscard())``."""
        return self.apply(DrawDiscard())

    def discard(self, card: Card | str) -> State:
        """Shortcut for ``apply(Discard(card))``."""
        return self.apply(Discard(card if isinstance(card, Card) else Card.parse(card)))

    def _apply_unchecked(self, action: Action) -> State:
        if isinstance(action, DrawStock):
            return self._draw_stock()
        if isinstance(action, DrawDiscard):
            card = self.pile[-1]
            return self._after_draw(
                card,
                _move(1, self.current, card)
                if type(action) is DrawDiscard
                else Event(player=self.current, action=action, card=card),
                pile=self.pile[:-1],
                taken=card,
            )
        if isinstance(action, Discard):
            return self._discard(action)
        if isinstance(action, Timeout):
            return self._timeout(action)
        if isinstance(action, Pass) and self.phase is Phase.CLAIM:
            return self._pass_claim()
        if isinstance(action, Claim) and self.phase is Phase.CLAIM:
            event = Event(player=self.current, action=action, card=self.pile[-1])
            return self.rules.apply_claim(self._evolve(history=self.history.add(event)))
        return self.rules.apply_action(self, action)

    def open_claims(self) -> State:
        """Open a claim window for the seats the variant names, or go on.

        Variants call this after a discard; with nobody to ask it is the
        variant's :meth:`~rummykit.engine.RuleSet.after_claims`.
        """
        queue = self.rules.claimants(self)
        if not queue:
            return self.rules.after_claims(self)
        return self._evolve(
            phase=Phase.CLAIM,
            queue=queue,
            current=queue[0],
            decision_id=self.decision_id + 1,
        )

    def _pass_claim(self) -> State:
        state = self._evolve(
            history=self.history.add(Event(player=self.current, action=Pass()))
        )
        queue = self.queue[1:]
        if not queue:
            return self.rules.after_claims(state._evolve(queue=()))
        return state._evolve(
            queue=queue, current=queue[0], decision_id=self.decision_id + 1
        )

    def _draw_stock(self) -> State:
        state = self
        if not state.stock:
            state = state.renew_stock()
        stock = state.stock
        card = stock[-1]
        return state._after_draw(card, _move(0, self.current, card), stock=stock[:-1])

    def _after_draw(self, card: Card, event: Event, **changes: Any) -> State:
        """This state (with ``changes``) after the current player draws ``card``."""
        hands = list(self.hands)
        hands[self.current] = _with(hands[self.current], card.code)
        drawn = self._evolve(
            hands=tuple(hands),
            drawn=card,
            phase=Phase.PLAY,
            decision_id=self.decision_id + 1,
            history=self.history.add(event),
            **changes,
        )
        return self.rules.after_draw(drawn)

    def _discard(self, action: Discard) -> State:
        hands = list(self.hands)
        current = self.current
        card = action.card
        left = hands[current] = _without(hands[current], card.code)
        changes = {
            "hands": tuple(hands),
            "pile": (*self.pile, card),
            "history": self.history.add(
                _move(2, current, card)
                if type(action) is Discard
                else Event(player=current, action=action, card=card)
            ),
        }
        rules = self.rules
        kind = type(rules)
        if (
            left.codes
            and kind.after_discard is RuleSet.after_discard
            and type(self).next_turn is State.next_turn
        ):
            # The rule set's after_discard is next_turn: go to the next turn
            # here, and if the next turn keeps extra as it is, the discard and
            # the next turn make one copy.
            seat = self.next_active(self.turn)
            if kind.next_turn_extra is RuleSet.next_turn_extra:
                return self._turn_to(seat, changes)
            state = self._evolve(**changes)
            return state._turn_to(seat, {"extra": rules.next_turn_extra(state, seat)})
        state = self._evolve(**changes)
        if not left.codes:
            return rules.on_empty_hand(state)
        return rules.after_discard(state)

    def renew_stock(self) -> State:
        """The state with the stock renewed from the pile by the variant's policy.

        Used when a player draws from an empty stock; the policy decides
        whether the pile is turned over (the first card discarded becomes the
        top), shuffled, or shuffled but for its top card.
        """
        policy = self.rules.stock_policy()
        pile = self.pile
        rng = random.Random(self.chance)
        keep: tuple[Card, ...] = ()
        if policy is StockPolicy.RESHUFFLE_KEEP_TOP:
            pile, keep = pile[:-1], pile[-1:]
        if policy in (StockPolicy.SHUFFLE, StockPolicy.RESHUFFLE_KEEP_TOP):
            cards = list(pile)
            shuffle(rng, cards)
            stock = tuple(cards)
        else:
            stock = tuple(reversed(pile))
        if policy is StockPolicy.TURN_OVER_THEN_FLIP and len(stock) > 1:
            keep = stock[-1:]
            stock = stock[:-1]
        return self._evolve(
            stock=stock,
            pile=keep,
            turnovers=self.turnovers + 1,
            chance=rng.getrandbits(63),
        )

    def next_turn(self, after: int | None = None) -> State:
        """The state at the start of the next active player's turn.

        Variants call this when a turn ends.  If the stock is empty and the
        variant ends hands then (block, void, turn-over limit), the hand ends.
        """
        seat = self.next_active(self.turn if after is None else after)
        return self._turn_to(seat, {"extra": self.rules.next_turn_extra(self, seat)})

    def _turn_to(self, seat: int, changes: dict[str, Any]) -> State:
        """:meth:`next_turn` to ``seat``, with ``changes`` made in the same copy."""
        state = self._evolve(
            current=seat,
            turn=seat,
            phase=Phase.DRAW,
            drawn=None,
            taken=None,
            queue=(),
            decision_id=self.decision_id + 1,
            **changes,
        )
        if not state.stock:
            policy = self.rules.stock_policy()
            limit = self.rules.turnover_limit()
            if policy in (
                StockPolicy.BLOCK,
                StockPolicy.LOWEST_POINTS,
                StockPolicy.VOID,
            ):
                return self.rules.end_on_exhaustion(state, policy)
            if (limit is not None and state.turnovers >= limit) or (
                state._stock_reason() is not None and state._take_reason() is not None
            ):
                return self.rules.end_on_exhaustion(state, StockPolicy.VOID)
        return state

    def end(self, outcome: Outcome) -> State:
        """The state with the hand over and every hand still in it shown.

        A seat out of the hand keeps what it showed: ``None`` if it never
        showed its cards (a dropped hand stays face down)."""
        return self._evolve(
            phase=Phase.ENDED,
            outcome=outcome,
            shown=tuple(
                hand if active else shown
                for hand, active, shown in zip(
                    self.hands, self.active, self.shown, strict=True
                )
            ),
            queue=(),
            decision_id=self.decision_id + 1,
        )

    def _timeout(self, action: Timeout) -> State:
        timer = self.rules.timer(self)
        assert timer is not None  # checked by _reason
        player = self.current
        lapses = list(self.lapses)
        if timer.counts_as_lapse:
            lapses[player] += 1
        state = self._evolve(
            lapses=tuple(lapses),
            history=self.history.add(Event(player=player, action=action)),
        )
        expiry = timer.on_expiry
        limit = self.rules.lapse_limit()
        if timer.counts_as_lapse and limit is not None and lapses[player] >= limit:
            expiry = Expiry.AUTO_DROP
        return state._fallback(expiry)

    def _fallback(self, expiry: Expiry) -> State:
        """Apply a timer's fallback deterministically."""
        if expiry is Expiry.AUTO_DROP:
            return self._apply_unchecked(Drop())
        if expiry is Expiry.PASS:
            return self._apply_unchecked(Pass())
        if expiry is Expiry.AUTO_DRAW_STOCK_THEN_DISCARD_DRAWN:
            state = (
                self._apply_unchecked(DrawStock()) if self.phase is Phase.DRAW else self
            )
            return state._fallback(Expiry.AUTO_DISCARD)
        if expiry is Expiry.AUTO_DISCARD:
            state = (
                self._apply_unchecked(DrawStock()) if self.phase is Phase.DRAW else self
            )
            return state._apply_unchecked(Discard(state.fallback_discard()))
        return self.rules.apply_action(self, _Arrange(expiry))

    def fallback_discard(self) -> Card:
        """The card an automatic discard throws: the drawn card if allowed,
        otherwise the costliest unmelded card (ties: the last in hand order),
        otherwise the costliest card that may be discarded."""
        hand = self.hands[self.current]
        if self.drawn is not None and self._discard_reason(self.drawn) is None:
            return self.drawn
        points = self.rules.points_for(self)
        grouping = partition(
            hand, self.rules.meld_rules_for(self), points, wild_rank=self.wild_rank
        )
        allowed = [card for card in hand.cards if self._discard_reason(card) is None]
        pool = [card for card in grouping.deadwood if card in allowed] or allowed
        best = pool[0]
        for card in pool:
            if points.of(card, wild_rank=self.wild_rank) >= points.of(
                best, wild_rank=self.wild_rank
            ):
                best = card
        return best

    # -- views -------------------------------------------------------------------

    def view(self, player: int) -> PlayerView:
        """What ``player`` may see of this state, and nothing else.

        :raises InvalidOptionError: if ``player`` is not a seat.

        >>> from rummykit import get_variant
        >>> state = get_variant("classic").new_game(players=2, seed=5)
        >>> view = state.view(0)
        >>> view.hand == state.hands[0], view.hand_sizes
        (True, (10, 10))
        """
        if type(player) is not int or not 0 <= player < self.players:
            whole_number("player", player, 0, self.players - 1)
        history = self.history.mapped(
            (_seen_by, player), functools.partial(_seen_by, player)
        ).items()
        decision = self.pending
        mine = decision is not None and decision.player == player
        # PlayerView's fields, in order (see _new_view):
        return _new_view(
            player,  # player
            self.rules,  # rules
            self.players,  # players
            self.dealer,  # dealer
            self.hands[player],  # hand
            tuple(map(len, self.hands)),  # hand_sizes
            self.active,  # active
            self.pile,  # pile
            len(self.stock),  # stock_size
            self.table,  # table
            history,  # history
            self.wild_rank,  # wild_rank
            self.indicator,  # indicator
            self.phase,  # phase
            None if decision is None else self.current,  # current_player
            decision,  # decision
            self.legal_actions() if mine else (),  # legal_actions
            self.lapses,  # lapses
            self.shown,  # shown
            self.rules.arranged(self, player),  # arranged
            self.outcome,  # outcome
        )

    def all_cards(self) -> Hand:
        """Every card of the state wherever it lies: for checking conservation.

        >>> from rummykit import get_variant
        >>> variant = get_variant("classic")
        >>> variant.new_game(players=4, seed=2).all_cards() == variant.deck.hand()
        True
        """
        cards: list[Card] = [*self.stock, *self.pile, *self.out_of_play]
        for hand in self.hands:
            cards += hand.cards
        for placed in self.table:
            cards += placed.meld.cards
        return Hand(cards)


@attrs.frozen(kw_only=True)
class Origin:
    """How a hand was dealt: the deck order (top card first), the dealer, the
    seed of later shuffles and the seats dealt in.  Hidden from players.

    >>> from rummykit import get_variant
    >>> origin = get_variant("classic").new_game(players=2, seed=1).origin
    >>> len(origin.deck), origin.seats
    (52, (True, True))
    """

    deck: tuple[Card, ...]
    """The deck in the order it was dealt, top card first."""
    dealer: int
    """The dealer's seat."""
    chance: int
    """The seed of the shuffles the hand may need later."""
    seats: tuple[bool, ...]
    """The seats dealt in."""


@attrs.frozen
class _Arrange(Action):
    """Internal: a timer's arranging fallback, handed to the variant."""

    expiry: Expiry


def new_game(
    rules: RuleSet,
    players: int,
    *,
    seed: int | None = None,
    rng: random.Random | None = None,
    deck: Sequence[Card | str] | str | None = None,
    dealer: int | None = None,
    scores: Iterable[int] | None = None,
    seats: Sequence[bool] | None = None,
    chance: int | None = None,
) -> State:
    """Deal a new hand of ``rules`` to ``players`` players.

    With ``deck`` (the whole deck, top card first) the deal is exactly that
    order; otherwise the deck is shuffled with ``rng``, or a
    ``random.Random(seed)``, or, with neither, :class:`secrets.SystemRandom`.
    Cards are dealt one at a time, starting at the dealer's left, to the
    seats marked in ``seats`` (all by default; a match leaves eliminated
    players out).

    :raises InvalidOptionError: for a bad number of players, seed and rng together,
        or a dealer that is not a seat.
    :raises InvalidCardError: if ``deck`` is not exactly the variant's deck.
    """
    if not isinstance(players, int) or isinstance(players, bool):
        raise InvalidOptionError(
            f"players must be a whole number, not {quoted(players)}"
        )
    seed = check_seed("seed", seed)
    chance = check_seed("chance", chance)
    rng = check_rng(rng)
    if seats is not None:
        if isinstance(seats, (str, bytes)) or not isinstance(seats, Sequence):
            raise InvalidOptionError(
                f"seats must be a sequence of True/False values, not {quoted(seats)}"
            )
        if len(seats) != players or not all(isinstance(s, bool) for s in seats):
            raise InvalidOptionError(
                f"seats must be {players} True/False values, not {quoted(seats)}"
            )
    if scores is not None:
        scores = tuple(scores) if isinstance(scores, Iterable) else scores
        if (
            not isinstance(scores, tuple)
            or len(scores) != players
            or not all(isinstance(n, int) and not isinstance(n, bool) for n in scores)
        ):
            raise InvalidOptionError(
                f"scores must be {players} whole numbers, not {quoted(scores)}"
            )
    if deck is not None and not isinstance(deck, (str, Sequence)):
        raise InvalidCardError(
            f"deck= must be card notation or a sequence of cards, not {quoted(deck)}"
        )
    if dealer is not None:
        whole_number("dealer", dealer, 0, players - 1)
    dealt = players if seats is None else sum(1 for seat in seats if seat)
    size = rules.cards_per_player(dealt)
    if seed is not None and rng is not None:
        raise InvalidOptionError("give seed or rng, not both")
    full = rules.deck_spec()
    if size * dealt >= full.size:
        raise InvalidOptionError(
            f"a {full.size}-card deck cannot deal {size} cards to each of "
            f"{dealt} players and still leave a stock"
        )
    if not isinstance(deck, str) and deck is not None and len(deck) != full.size:
        raise InvalidCardError(
            f"deck= must be exactly the variant's {full.size}-card deck "
            f"({full.decks} deck(s), {full.jokers} jokers); got {len(deck)} cards "
            "that do not match it"
        )
    if rng is None:
        if seed is not None:
            rng = random.Random(seed)
        else:
            import secrets

            rng = secrets.SystemRandom()
    if deck is not None:
        if isinstance(deck, str):
            order = list(parse_cards(deck))
        else:
            order = [
                card if isinstance(card, Card) else Card.parse(card) for card in deck
            ]
        if Hand(order) != full.hand():
            raise InvalidCardError(
                f"deck= must be exactly the variant's {full.size}-card deck "
                f"({full.decks} deck(s), {full.jokers} jokers); got {len(order)} cards "
                "that do not match it"
            )
    else:
        order = list(full.cards())
        shuffle(rng, order)
    if dealer is None:
        dealer = rules.choose_dealer(rng, players)
    active = tuple(seats) if seats is not None else (True,) * players
    if len(active) != players or sum(map(bool, active)) < 2:
        raise InvalidOptionError(
            f"seats must mark at least 2 of the {players} seats as playing"
        )
    # The seats in dealing order, from the dealer's next active seat on (as
    # State.next_active goes round): one card at a time to each in turn, so
    # the card at place k of the deck goes to ring[k % len(ring)].
    step = rules.play_direction()
    ring: list[int] = []
    seat = dealer
    for _ in range(dealt):
        seat = (seat + step) % players
        while not active[seat]:
            seat = (seat + step) % players
        ring.append(seat)
    top = size * dealt
    codes = [card.code for card in order[:top]]
    empty = Hand._from_sorted(())
    hands = [empty] * players
    for at, seat in enumerate(ring):
        hands[seat] = Hand._from_sorted(tuple(sorted(codes[at:top:dealt])))
    score_tuple = tuple(scores) if scores is not None else (0,) * players
    if chance is None:
        chance = rng.getrandbits(63)
    state = State(
        rules=rules,
        players=players,
        dealer=dealer,
        origin=Origin(deck=tuple(order), dealer=dealer, chance=chance, seats=active),
        hands=tuple(hands),
        stock=tuple(reversed(order[top:])),
        pile=(),
        active=active,
        extra=rules.new_extra(players),
        lapses=(0,) * players,
        shown=(None,) * players,
        scores=score_tuple,
        chance=chance,
    )
    state = rules.after_deal(state)
    first = rules.first_player(state)
    return state._evolve(current=first, turn=first, phase=Phase.DRAW)


def _with(hand: Hand, code: int) -> Hand:
    """``hand`` with the card ``code`` added (the engine's draw)."""
    codes = hand.codes
    at = bisect_right(codes, code)
    return Hand._from_sorted((*codes[:at], code, *codes[at:]))


def _without(hand: Hand, code: int) -> Hand:
    """``hand`` with one card ``code`` taken out (the engine's discard, of a
    card checked to be in the hand)."""
    codes = hand.codes
    at = codes.index(code)
    return Hand._from_sorted(codes[:at] + codes[at + 1 :])
