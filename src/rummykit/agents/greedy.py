"""A greedy agent: keep deadwood low and go out as soon as possible."""

from __future__ import annotations

from collections.abc import Sequence

from rummykit.cards import Card
from rummykit.engine import (
    Action,
    Claim,
    Declare,
    DeclareGin,
    Discard,
    DrawDiscard,
    DrawStock,
    Knock,
    LayMeld,
    LayOff,
    Pass,
    PlayerView,
    Show,
)
from rummykit.errors import InvalidOptionError
from rummykit.melds import MeldRules
from rummykit.partition import PointValues, Requirement, best_discard, deadwood

__all__ = ["GreedyAgent"]


class GreedyAgent:
    """Plays for the lowest deadwood, one decision at a time.

    - It wins when it can: a hand that wins outright, gin, a declaration.
    - It takes the top discard when that lowers its best deadwood.
    - It lays down every meld and lay-off on offer, biggest first.
    - It discards the card that leaves the least deadwood; on ties, the one
      that comes last in the hand's order.
    - Deadwood is counted with the rule set's requirement (an Indian
      declaration's sequences, for one): a hand that cannot meet it scores
      every card, so the bot builds toward a hand it can go out with.
    - It knocks when allowed and claims what it may.

    It reads only its :class:`~rummykit.engine.PlayerView`.

    >>> from rummykit import Hand, get_variant
    >>> state = get_variant("classic").new_game(players=2, seed=1)
    >>> view = state.view(state.current_player)
    >>> GreedyAgent().choose(view, view.legal_actions) in view.legal_actions
    True
    """

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """Return the greedy choice among ``legal``."""
        if not legal:
            raise InvalidOptionError(
                f"player {view.player} has no legal action to choose from"
            )
        for action in legal:
            if getattr(type(action), "wins_outright", False):
                return action
        for winning in (DeclareGin, Declare):
            for action in legal:
                if isinstance(action, winning):
                    return action
        for action in legal:
            if isinstance(action, Show | Claim | Knock):
                return action
        layings = [action for action in legal if isinstance(action, LayMeld | LayOff)]
        if layings:
            return max(
                layings,
                key=lambda action: (len(action.cards), isinstance(action, LayMeld)),
            )
        rules, points = self._rules(view)
        requirement = self._requirement(view)
        if any(isinstance(action, DrawDiscard) for action in legal) and view.pile:
            top = view.pile[-1]
            now = deadwood(
                view.hand,
                rules,
                points,
                wild_rank=view.wild_rank,
                requirement=requirement,
            )
            after = best_discard(
                view.hand.add(top),
                rules,
                points,
                wild_rank=view.wild_rank,
                requirement=requirement,
                forbidden=[top],
            ).points
            if after < now:
                return DrawDiscard()
        for action in legal:
            if isinstance(action, DrawStock):
                return action
        discards = [action for action in legal if isinstance(action, Discard)]
        if discards:
            allowed = {action.card for action in discards}
            forbidden = [card for card in view.hand.cards if card not in allowed]
            choice: Card | None = best_discard(
                view.hand,
                rules,
                points,
                wild_rank=view.wild_rank,
                requirement=requirement,
                forbidden=forbidden,
            ).discard
            if choice is not None and choice in allowed:
                return Discard(choice)
            return discards[0]
        for action in legal:
            if isinstance(action, Pass):
                return action
        return legal[0]

    @staticmethod
    def _requirement(view: PlayerView) -> Requirement | None:
        """What the rule set asks of a winning hand's melds (an Indian
        declaration's sequences, for one), so that the deadwood it counts is
        the deadwood that decides whether it can go out."""
        found = getattr(view.rules, "declaration_requirement", None)
        if found is None:
            found = getattr(view.rules, "requirement", None)
        return found if isinstance(found, Requirement) else None

    @staticmethod
    def _rules(view: PlayerView) -> tuple[MeldRules, PointValues]:
        rules = getattr(view.rules, "meld_rules", None)
        points = getattr(view.rules, "point_values", None)
        return (rules or MeldRules(), points or PointValues())
