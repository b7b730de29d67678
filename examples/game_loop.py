"""A minimal game loop: deal a hand and let bots play it out from their views."""

from __future__ import annotations

from rummykit import get_variant
from rummykit.agents import Agent, GreedyAgent, RandomAgent


def main() -> None:
    variant = get_variant("rumino")
    agents: list[Agent] = [GreedyAgent(), RandomAgent(seed=1), GreedyAgent()]
    state = variant.new_game(players=len(agents), seed=42)
    # current_player is the seat whose decision is pending, None once the hand is over
    while (player := state.current_player) is not None:
        view = state.view(player)  # a bot sees only what its seat may see
        action = agents[player].choose(view, view.legal_actions)
        print(f"player {player}: {action}")
        state = state.apply(action)  # a new state; the old one is unchanged
    assert state.outcome is not None
    print(state.outcome.note, state.outcome.points)


if __name__ == "__main__":
    main()
