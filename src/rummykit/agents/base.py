"""The agent protocol and a loop that plays a hand with agents."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from rummykit.engine import Action, PlayerView, State
from rummykit.engine.rules import RuleSet

if TYPE_CHECKING:  # pragma: no cover
    from rummykit.match import Match

__all__ = ["MATCH_HAND_LIMIT", "Agent", "play_hand", "play_match"]

MATCH_HAND_LIMIT = 100
"""The most hands :func:`play_match` plays unless told otherwise.

Some matches never end by their rules (Classic Rummy's ``per_hand`` mode, an
Indian Rummy series); with this limit they end after that many hands, the
most money winning, as with :class:`~rummykit.match.Match`'s ``max_hands``.
Every hand ends too, by its rules or by the engine's action cap
(:data:`~rummykit.engine.HAND_ACTION_LIMIT`), so :func:`play_match` always
returns.

>>> MATCH_HAND_LIMIT
100
"""


@runtime_checkable
class Agent(Protocol):
    """Anything that picks one of ``legal`` given what its seat may see.

    >>> from rummykit.agents import RandomAgent
    >>> isinstance(RandomAgent(), Agent)
    True
    """

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """Return one of ``legal``."""
        ...


def play_hand(
    variant: RuleSet,
    agents: Sequence[Agent],
    *,
    seed: int | None = None,
    rng: random.Random | None = None,
    dealer: int | None = None,
    max_actions: int = 20_000,
) -> State:
    """Deal one hand of ``variant`` and let ``agents`` (one a seat) play it out.

    Every hand ends: by its rules, or, at the latest, by the engine's action
    cap (:data:`~rummykit.engine.HAND_ACTION_LIMIT` actions, with the
    termination :attr:`~rummykit.engine.Termination.ACTION_LIMIT`).
    ``max_actions`` is a tighter limit of the caller's.

    :raises RuntimeError: if the hand has not ended after ``max_actions``.

    >>> from rummykit import get_variant
    >>> from rummykit.agents import RandomAgent
    >>> play_hand(get_variant("classic"), [RandomAgent(seed=0)] * 3, seed=2).outcome.termination
    <Termination.WENT_OUT: 'went_out'>
    """
    new_game = getattr(variant, "new_game")  # noqa: B009 - a Variant method
    state: State = new_game(players=len(agents), seed=seed, rng=rng, dealer=dealer)
    for _ in range(max_actions):
        if state.is_terminal:
            return state
        player = state.current
        view = state.view(player)
        state = state.apply(agents[player].choose(view, view.legal_actions))
    if state.is_terminal:
        return state
    raise RuntimeError(f"the hand did not end within {max_actions} actions")


def play_match(
    variant: RuleSet,
    agents: Sequence[Agent],
    seed: int | None = None,
    *,
    max_hands: int | None = MATCH_HAND_LIMIT,
    max_actions: int | None = None,
) -> Match:
    """Play a whole match of ``variant`` between ``agents`` (one a seat).

    Decisions between hands (such as re-buys) go to the agents too.  The
    match ends by its rules or after ``max_hands`` hands
    (:data:`MATCH_HAND_LIMIT` by default; ``None`` for the rules alone, which
    may never end a match), and every hand ends by the engine's action cap at
    the latest, so with the defaults this always returns.

    :raises RuntimeError: if ``max_actions`` is given and the match has not
        ended after that many actions.

    >>> from rummykit import get_variant
    >>> from rummykit.agents import GreedyAgent, RandomAgent
    >>> match = play_match(get_variant("rumino"), [GreedyAgent(), RandomAgent(seed=2)], seed=3)
    >>> match.is_terminal, match.pool
    (True, Decimal('0.00'))
    """
    from rummykit.match import Match

    match = Match.start(variant, len(agents), seed=seed, max_hands=max_hands)  # type: ignore[arg-type]
    steps = 0
    while not match.is_terminal:
        if max_actions is not None and steps >= max_actions:
            raise RuntimeError(f"the match did not end within {max_actions} actions")
        player = match.current_player
        assert player is not None
        view = match.view(player)
        match = match.apply(agents[player].choose(view, view.legal_actions))
        steps += 1
    return match
