"""Indian Rummy's drops, declarations, shows and settlement (§2.3-2.5).

These carry out :class:`~rummykit.variants.IndianRummy`'s actions once they
are found legal; they are kept apart from the rules of the turn.
"""

from __future__ import annotations

from decimal import Decimal
from functools import lru_cache
from typing import TYPE_CHECKING

import attrs

from rummykit import money
from rummykit.cards import Card, Hand, Rank
from rummykit.engine import (
    Action,
    Declare,
    Event,
    Expiry,
    Outcome,
    Payment,
    Phase,
    Show,
    State,
    Termination,
)
from rummykit.errors import InvalidMeldError
from rummykit.melds import Meld

if TYPE_CHECKING:  # pragma: no cover
    from rummykit.variants.indian import IndianRummy

__all__ = [
    "IndianFacts",
    "arranged_groups",
    "auto_show",
    "carry_on",
    "declare",
    "drop",
    "holds",
    "settle",
    "show",
    "show_actions",
    "shown_points",
]


#: The half rate of a declaration on the first draw (rounded down to the cent).
HALF = Decimal("0.5")

_NO_CARDS = Hand()
"""The hand of a player who has dropped (hands are immutable values)."""


@attrs.frozen(kw_only=True)
class IndianFacts:
    """Indian Rummy's own facts about a hand, kept in :attr:`State.extra
    <rummykit.engine.State.extra>`.

    >>> from rummykit.variants import IndianFacts, IndianRummy
    >>> IndianFacts.of(IndianRummy().new_game(players=2, seed=1)).declarer is None
    True
    """

    declarer: int | None = None
    """The seat whose valid declaration started the show, if one has."""
    penalties: tuple[tuple[int, tuple[int, str]], ...] = ()
    """Penalties incurred in the hand, as (seat, (points, reason)): drops,
    wrong declarations."""
    show_points: tuple[tuple[int, int], ...] = ()
    """The points of each grouping shown so far, as (seat, points)."""
    arrangements: tuple[tuple[int, tuple[tuple[Card, ...], ...]], ...] = ()
    """Groupings arranged but not yet shown, as (seat, groups); private to the
    seat, and what a meld timer's timeout freezes."""

    @staticmethod
    def of(state: State) -> IndianFacts:
        """The facts kept in ``state``.

        :raises TypeError: if ``state`` is not an Indian Rummy hand.
        """
        facts = state.extra
        if not isinstance(facts, IndianFacts):
            raise TypeError(f"not an Indian Rummy hand: its extra is {facts!r:.60}")
        return facts


def drop(v: IndianRummy, state: State, seat: int, action: Action) -> State:
    """I-6: the player drops; their cards go out of play and the penalty is noted."""
    middle = v._drawn_yet(state, seat)
    penalty = v.middle_drop_penalty if middle else v.first_drop_penalty
    hands = list(state.hands)
    out = hands[seat]
    hands[seat] = _NO_CARDS
    active = list(state.active)
    active[seat] = False
    facts = IndianFacts.of(state)
    penalties = dict(facts.penalties)
    penalties[seat] = (penalty, "middle drop" if middle else "first drop")
    # attrs.evolve, not IndianFacts(...) field by field: a field added to the
    # facts later is carried over instead of silently reset to its default.
    extra = attrs.evolve(facts, penalties=tuple(sorted(penalties.items())))
    # the engine's fast copy (a random hand often ends in drops)
    state = state.evolve(
        hands=tuple(hands),
        active=tuple(active),
        out_of_play=(*state.out_of_play, *out.cards),
        history=state.history.add(Event(player=seat, action=action)),
        extra=extra,
    )
    return carry_on(v, state, seat)


def carry_on(v: IndianRummy, state: State, seat: int) -> State:
    """Play goes on after a player leaves, unless only one is left (I-4, I-6)."""
    left = [s for s in range(state.players) if state.active[s]]
    if len(left) == 1:
        return settle(v, state, left[0], Termination.LAST_PLAYER, {})
    if state.phase is Phase.SHOW:
        return state
    return state.next_turn(after=seat)


def declare(v: IndianRummy, state: State, seat: int, action: Declare) -> State:
    """I-3, I-4: a valid declaration starts the show; a wrong one costs its penalty.

    The finish card stays face down after a valid declaration.  A wrong one
    shows the whole hand, the finish card turned up, in the history and in
    ``shown`` alike: the penalty may count every card (``"full_count"``), so
    every card it counts is public.
    """
    hands = list(state.hands)
    reason = v.check_grouping(action.groups, state.wild_rank)
    event = Event(
        player=seat, action=action, card=action.finish, private=reason is None
    )
    if reason is not None:
        # I-4: a wrong declaration costs the penalty; the declarer is out.
        hand = hands[seat]
        if v.wrong_decl_penalty == "full_count":
            penalty = v.point_values.total(hand.cards, wild_rank=state.wild_rank)
        else:
            penalty = int(v.wrong_decl_penalty)
        hands[seat] = Hand()
        active = list(state.active)
        active[seat] = False
        shown = list(state.shown)
        shown[seat] = hand
        penalties = dict(_penalties(state))
        penalties[seat] = (penalty, "wrong declaration")
        state = attrs.evolve(
            state,
            hands=tuple(hands),
            active=tuple(active),
            shown=tuple(shown),
            out_of_play=(*state.out_of_play, *hand.cards),
            history=state.history.add(event),
            extra=attrs.evolve(
                IndianFacts.of(state), penalties=tuple(sorted(penalties.items()))
            ),
        )
        return carry_on(v, state, seat)
    hands[seat] = hands[seat].remove(action.finish)
    shown = list(state.shown)
    shown[seat] = hands[seat]
    queue = []
    other = state.next_active(seat)
    while other != seat:
        queue.append(other)
        other = state.next_active(other)
    return attrs.evolve(
        state,
        hands=tuple(hands),
        shown=tuple(shown),
        out_of_play=(*state.out_of_play, action.finish),
        history=state.history.add(event),
        phase=Phase.SHOW,
        queue=tuple(queue),
        current=queue[0],
        decision_id=state.decision_id + 1,
        extra=attrs.evolve(IndianFacts.of(state), declarer=seat),
    )


def show_actions(v: IndianRummy, state: State) -> list[Action]:
    """The canonical show: the optimal grouping."""
    seat = state.current
    grouping = v.partition(state.hands[seat], wild_rank=state.wild_rank)
    return [Show([meld.cards for meld in grouping.melds], deadwood=grouping.deadwood)]


def auto_show(v: IndianRummy, state: State, seat: int, expiry: object) -> Show:
    """What a meld-timer timeout shows: the frozen arrangement or the optimal one."""
    hand = state.hands[seat]
    if expiry is Expiry.AUTO_ARRANGE_OPTIMAL:
        action = show_actions(v, state)[0]
        assert isinstance(action, Show)
        return action
    groups = dict(arranged_groups(state)).get(seat, ())
    rest = hand
    for group in groups:
        rest = rest.remove(*group)
    return Show(groups, deadwood=rest.cards)


def show(v: IndianRummy, state: State, seat: int, action: Show) -> State:
    """Record a show; after the last one, settle the hand."""
    shows = dict(_shows(state))
    shows[seat] = shown_points(v, action, state.wild_rank)
    shown = list(state.shown)
    shown[seat] = state.hands[seat]
    state = attrs.evolve(
        state,
        shown=tuple(shown),
        history=state.history.add(Event(player=seat, action=action)),
        extra=attrs.evolve(
            IndianFacts.of(state), show_points=tuple(sorted(shows.items()))
        ),
    )
    queue = state.queue[1:]
    if queue:
        return attrs.evolve(
            state, queue=queue, current=queue[0], decision_id=state.decision_id + 1
        )
    declarer = IndianFacts.of(state).declarer
    assert declarer is not None
    return settle(v, state, declarer, Termination.DECLARATION, shows)


def shown_points(v: IndianRummy, action: Show, wild_rank: Rank | None) -> int:
    """§2.5: the unmatched cards, or every card if the valid melds shown do
    not meet the loser's requirement; capped."""
    melds: list[Meld] = []
    loose: list[Card] = list(action.deadwood)
    for group in action.groups:
        try:
            melds.append(v.group_meld(group, wild_rank))
        except InvalidMeldError:
            loose += group
    points = v.point_values
    everything = points.total(
        [*loose, *(c for m in melds for c in m.cards)], wild_rank=wild_rank
    )
    unmatched = points.total(loose, wild_rank=wild_rank)
    requirement = v.requirement
    met = requirement.is_met_by(melds)
    score = min(unmatched, everything) if met else everything
    if requirement.cap is not None:
        score = min(score, requirement.cap)
    return score


def settle(
    v: IndianRummy, state: State, winner: int, how: Termination, shows: dict[int, int]
) -> State:
    """§2.5: each loser's points × stake and the drop penalties go to the
    winner; the rake comes off the winner's gross.

    Money is exact: the half rate and each payment's rake are rounded down
    to the cent (:mod:`rummykit.money`)."""
    points = [0] * state.players
    payments: list[Payment] = []
    # pagat's half rate for a declaration on the declarer's first draw.
    half = v.first_draw_half_rate and v._first_draw(state, winner)
    for seat, value in shows.items():
        if v.round_to_five:
            value = 5 * round(value / 5)
        points[seat] = value
        payments.append(
            _payment(seat, winner, value, "points", v.stake, v.rake_pct, half, False)
        )
    for seat, (penalty, reason) in _penalties(state):
        points[seat] = penalty
        flat = v.drop_penalty_unit == "money" and reason != "wrong declaration"
        payments.append(
            _payment(seat, winner, penalty, reason, v.stake, v.rake_pct, False, flat)
        )
    if how is Termination.DECLARATION:
        note = f"player {winner} declared"
    elif how is Termination.LAST_PLAYER:
        note = f"player {winner} is the last player left"
    elif how is Termination.BLOCKED:
        note = f"the closed deck ran out: player {winner} holds the fewest points"
    else:
        note = f"player {winner} won"
    return state.end(
        Outcome(
            termination=how,
            winners=(winner,),
            points=tuple(points),
            payments=tuple(payments),
            note=note,
        )
    )


@lru_cache(maxsize=64)
def _payment(
    payer: int,
    payee: int,
    points: int,
    reason: str,
    stake: Decimal,
    rake_pct: Decimal,
    half: bool,
    flat: bool,
) -> Payment:
    """What ``payer`` owes ``payee`` for ``points`` (× ``stake``, halved if
    ``half``; or that many units of money if ``flat``), the rake taken off.

    Payments are immutable values, and the same few (drop penalties above
    all) recur hand after hand, so they are built once.
    """
    if flat:
        amount = money.to_money(points, "a drop penalty")
    else:
        amount = money.scale(stake, points)
        if half:
            amount = money.scale(amount, HALF)
    return Payment(
        payer=payer,
        payee=payee,
        points=points,
        money=amount,
        rake=money.rake(amount, rake_pct),
        reason=reason,
    )


def holds(whole_hand: Hand, part: Hand) -> bool:
    """Whether ``whole_hand`` holds every card of ``part``."""
    try:
        whole_hand.remove(*part.cards)
    except ValueError:
        return False
    return True


def _penalties(state: State) -> tuple[tuple[int, tuple[int, str]], ...]:
    return IndianFacts.of(state).penalties


def _shows(state: State) -> tuple[tuple[int, int], ...]:
    return IndianFacts.of(state).show_points


def arranged_groups(
    state: State,
) -> tuple[tuple[int, tuple[tuple[Card, ...], ...]], ...]:
    return IndianFacts.of(state).arrangements
