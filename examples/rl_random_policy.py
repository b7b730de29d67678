"""Play hands in the PettingZoo environment with a random policy over the mask.

Needs the ``rl`` extra (``pip install 'rummykit[rl]'``); without it the
example says so and stops.

    python examples/rl_random_policy.py
"""

from __future__ import annotations

import importlib.util
import sys


def main() -> int:
    if importlib.util.find_spec("pettingzoo") is None:
        print("this example needs the rl extra: pip install 'rummykit[rl]'")
        return 0
    import numpy as np

    from rummykit.rl import env

    game = env("indian", preset="standard", players=3)
    rng = np.random.default_rng(0)
    for hand in range(3):
        game.reset(seed=hand)
        steps = 0
        for agent in game.agent_iter():
            observation, reward, terminated, truncated, _ = game.last()
            if terminated or truncated:
                print(f"hand {hand}: {agent} ends with reward {reward:+.0f}")
                game.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            action = int(rng.choice(legal))
            if steps == 0:
                print(
                    f"hand {hand}: {agent} opens with {game.codec.describe(action)!r}"
                )
            game.step(action)
            steps += 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
