"""A custom bot: knock as soon as allowed, otherwise play like the greedy bot.

Any object with a ``choose(view, legal)`` method is an agent.
"""

from __future__ import annotations

from collections.abc import Sequence

from rummykit import get_variant
from rummykit.agents import GreedyAgent, RandomAgent, play_hand
from rummykit.engine import Action, Knock, PlayerView


class EagerKnocker:
    """Knocks the moment the rules allow it."""

    def __init__(self) -> None:
        self.fallback = GreedyAgent()

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        for action in legal:
            if isinstance(action, Knock):
                return action
        return self.fallback.choose(view, legal)


def main() -> None:
    variant = get_variant("rumino", knock_limit=10)
    wins = 0
    hands = 30
    for seed in range(hands):
        state = play_hand(variant, [EagerKnocker(), RandomAgent(seed=seed)], seed=seed)
        assert state.outcome is not None
        wins += 0 in state.outcome.winners
    print(f"the eager knocker won {wins} of {hands} hands against a random bot")


if __name__ == "__main__":
    main()
