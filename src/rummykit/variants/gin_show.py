"""Gin Rummy after a knock: the layings and the score of the hand.

A knock (or a big gin) opens the show (:attr:`~rummykit.engine.Phase.SHOW`):

1. the knocker lays melds, one :class:`~rummykit.engine.LayMeld` at a time,
   and passes once what is left counts at most the knock limit (laying every
   card is gin);
2. the defender lays cards off on the knocker's melds, one at a time, and
   passes (there are no lay-offs on a gin);
3. the defender lays their own melds and passes, which ends the hand.

Melds are laid with at most five cards (a longer run is two melds), as in
OpenSpiel, so that the two engines offer the same choices.  What each player
has not laid is their deadwood.

These are :class:`~rummykit.variants.GinRummy`'s helpers, kept apart from
the turn.

>>> from rummykit import get_variant
>>> gin = get_variant("gin")
>>> str(BigGin())
'big gin'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from rummykit import money
from rummykit.cards import Hand
from rummykit.engine import (
    Action,
    Knock,
    LayMeld,
    LayOff,
    Outcome,
    Pass,
    Payment,
    Phase,
    State,
    TableMeld,
    Termination,
)
from rummykit.engine.actions import Event
from rummykit.melds import Meld, MeldRules
from rummykit.partition import possible_layoffs, possible_melds
from rummykit.variants.base import not_held

if TYPE_CHECKING:  # pragma: no cover
    from rummykit.variants.gin import GinRummy

__all__ = [
    "BigGin",
    "apply_show",
    "big_gin",
    "check_show",
    "knock",
    "score",
    "show_actions",
    "stage",
]

#: Melds as they are laid: runs of at most five cards (as OpenSpiel lays them).
LAYING = MeldRules(ace_low=True, ace_high=False, wrap=False, max_set=4, max_run=5)
#: Melds as they stand on the table once cards are laid off on them.
TABLE = MeldRules(ace_low=True, ace_high=False, wrap=False, max_set=4)


@attrs.frozen
class BigGin(Action):
    """Go big gin: all eleven cards meld after the draw, and none is discarded.

    Only with the option ``big_gin=True``.

    >>> from rummykit.variants.gin import BigGin
    >>> str(BigGin())
    'big gin'
    """

    def __str__(self) -> str:
        return "big gin"


def knocker(state: State) -> int:
    """The seat whose knock (or big gin) opened the show."""
    for event in reversed(state.history):
        if isinstance(event.action, Knock | BigGin):
            return event.player
    raise ValueError("no knock in this hand")  # pragma: no cover


def stage(state: State) -> str:
    """Which laying is pending in a show: ``"knocker"`` (the knocker lays
    melds), ``"layoff"`` (the defender lays off) or ``"meld"`` (the defender
    lays melds).

    >>> from rummykit import get_variant
    >>> gin = get_variant("gin")
    >>> deck = gin.deck_for("As 2s 3s 7c 7d 7h Kd Qd Jd 5c",
    ...                     "2h 3h 9c 9s 4d 6s 8c Th Js Qc", upcard="Ks", stock="Kc")
    >>> state = gin.new_game(2, deck=deck, dealer=1).apply(Pass()).apply(Pass())
    >>> stage(state.draw_stock().apply(Knock("Kc")))
    'knocker'
    """
    seat = knocker(state)
    if state.current == seat:
        return "knocker"
    if not state.hands[seat]:
        return "meld"
    for event in reversed(state.history):
        if isinstance(event.action, Knock | BigGin):
            return "layoff"
        if isinstance(event.action, Pass) and event.player == state.current:
            return "meld"
    return "layoff"  # pragma: no cover - a show always follows a knock


def _melds(hand: Hand) -> list[Meld]:
    return list(possible_melds(hand, LAYING))


def show_actions(gin: GinRummy, state: State) -> list[Action]:
    """The layings on offer in a show, and the pass that ends each step."""
    hand = state.hands[state.current]
    step = stage(state)
    if step == "knocker":
        limit = gin.knock_limit_in(state)
        actions: list[Action] = [
            LayMeld(meld.cards)
            for meld in _melds(hand)
            if gin.deadwood(hand.remove(*meld.cards)) <= limit
        ]
        if gin.point_values.total(hand.cards) <= limit:
            actions.insert(0, Pass())
        return actions
    if step == "layoff":
        actions = [Pass()]
        for target, placed in enumerate(state.table):
            if placed.owner != knocker(state):
                continue
            for cards in possible_layoffs(placed.meld, hand, TABLE, limit=1):
                actions.append(LayOff(cards, target=target))
        return actions
    return [Pass(), *(LayMeld(meld.cards) for meld in _melds(hand))]


def check_show(gin: GinRummy, state: State, action: Action) -> str | None:
    """Why ``action`` is not a legal laying or pass now, or ``None``."""
    hand = state.hands[state.current]
    step = stage(state)
    limit = gin.knock_limit_in(state)
    if isinstance(action, Pass):
        if step == "knocker" and gin.point_values.total(hand.cards) > limit:
            return f"the knocker lays melds until what is left counts at most {limit}"
        return None
    if isinstance(action, LayMeld):
        if step == "layoff":
            return "the defender lays off first, then passes to lay melds"
        try:
            rest = hand.remove(*action.cards)
        except ValueError:
            return not_held(action.cards, state.current)
        reason = LAYING.why_not(action.cards)
        if reason is not None:
            return f"not a meld of at most five cards: {reason}"
        if step == "knocker" and gin.deadwood(rest) > limit:
            return (
                "that meld leaves the knocker no grouping within the knock "
                f"limit {limit}"
            )
        return None
    if isinstance(action, LayOff):
        if step != "layoff":
            return "cards are laid off by the defender, before their own melds"
        if len(action.cards) != 1:
            return "cards are laid off one at a time"
        if action.cards[0] not in hand:
            return not_held(action.cards, state.current)
        if not 0 <= action.target < len(state.table):
            return f"there is no meld {action.target} on the table"
        placed = state.table[action.target]
        if placed.owner != knocker(state):
            return "cards are laid off only on the knocker's melds"
        if not possible_layoffs(placed.meld, action.cards, TABLE, limit=1):
            return f"{action.cards[0]} does not extend meld {action.target} ({placed.meld})"
        return None
    return "after a knock the players lay melds, lay off or pass"


def knock(gin: GinRummy, state: State, action: Knock) -> State:
    """Discard and open the show, the knocker laying first."""
    assert action.discard is not None
    player = state.current
    hands = list(state.hands)
    hands[player] = hands[player].remove(action.discard)
    event = Event(player=player, action=action, card=action.discard)
    return attrs.evolve(
        state,
        hands=tuple(hands),
        pile=(*state.pile, action.discard),
        history=state.history.add(event),
        phase=Phase.SHOW,
        decision_id=state.decision_id + 1,
    )


def big_gin(gin: GinRummy, state: State) -> State:
    """Lay all eleven cards and let the defender lay their melds."""
    player = state.current
    hand = state.hands[player]
    table = tuple(
        TableMeld(owner=player, meld=Meld.build(meld.cards, TABLE))
        for meld in gin.partition(hand).melds
    )
    hands = list(state.hands)
    hands[player] = Hand(())
    other = state.next_active(player)
    return attrs.evolve(
        state,
        hands=tuple(hands),
        table=(*state.table, *table),
        history=state.history.add(Event(player=player, action=BigGin())),
        phase=Phase.SHOW,
        current=other,
        decision_id=state.decision_id + 1,
    )


def apply_show(gin: GinRummy, state: State, action: Action) -> State:
    """Lay a meld, lay a card off, or pass (the last pass scores the hand)."""
    player = state.current
    event = Event(player=player, action=action)
    history = state.history.add(event)
    if isinstance(action, Pass):
        step = stage(state)
        state = attrs.evolve(state, history=history)
        if step == "meld":
            return score(gin, state)
        current = state.next_active(player) if step == "knocker" else player
        return attrs.evolve(state, current=current, decision_id=state.decision_id + 1)
    assert isinstance(action, LayMeld | LayOff)
    hands = list(state.hands)
    hands[player] = hands[player].remove(*action.cards)
    table = list(state.table)
    if isinstance(action, LayMeld):
        table.append(TableMeld(owner=player, meld=Meld.build(action.cards, TABLE)))
    else:
        placed = table[action.target]
        grown = Meld.build(
            placed.meld.cards + action.cards, TABLE, kind=placed.meld.kind
        )
        table[action.target] = TableMeld(owner=placed.owner, meld=grown)
    return attrs.evolve(
        state,
        hands=tuple(hands),
        table=tuple(table),
        history=history,
        decision_id=state.decision_id + 1,
    )


def score(gin: GinRummy, state: State) -> State:
    """End the hand: gin, big gin, a knock, an undercut or a tie.

    The knocker's deadwood is what they did not lay, the defender's what is
    left after their lay-offs and melds.
    """
    seat = knocker(state)
    defender = state.next_active(seat)
    values = gin.point_values
    mine = values.total(state.hands[seat].cards)
    theirs = values.total(state.hands[defender].cards)
    big = False
    for event in reversed(state.history):
        if isinstance(event.action, Knock | BigGin):
            big = isinstance(event.action, BigGin)
            break
    how = Termination.KNOCK
    winner: int | None = seat
    if big:
        points, reason, how = gin.big_gin_bonus + theirs, "big gin", Termination.GIN
    elif mine == 0:
        points, reason, how = gin.gin_bonus + theirs, "gin", Termination.GIN
    elif theirs > mine:
        points, reason = theirs - mine, "knock"
    elif theirs < mine or gin.tie_is_undercut:
        points, reason = gin.undercut_bonus + mine - theirs, "undercut"
        winner = defender
    else:
        points, reason, winner = 0, "tie", None
    points *= gin.multiplier_in(state)
    note = (
        f"player {seat} "
        + (
            "went big gin"
            if big
            else "went gin"
            if mine == 0
            else f"knocked with {mine}"
        )
        + f", player {defender} kept {theirs}: "
    )
    if winner is None:
        note += "a tie scores nothing"
        return state.end(
            Outcome(
                termination=how,
                winners=(),
                points=(0,) * state.players,
                note=note,
            )
        )
    loser = defender if winner == seat else seat
    scored = [0] * state.players
    scored[winner] = points
    note += f"player {winner} scores {points}" + (
        " for the undercut" if reason == "undercut" else ""
    )
    payment = Payment(
        payer=loser,
        payee=winner,
        points=points,
        money=money.scale(gin.stake, points),
        reason=reason,
    )
    return state.end(
        Outcome(
            termination=how,
            winners=(winner,),
            points=tuple(scored),
            payments=(payment,),
            note=note,
        )
    )
