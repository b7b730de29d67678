"""An agent that picks uniformly among the legal actions."""

from __future__ import annotations

import random
from collections.abc import Sequence

from rummykit.engine import Action, PlayerView
from rummykit.errors import InvalidOptionError

__all__ = ["RandomAgent"]


class RandomAgent:
    """Picks a legal action uniformly at random, from its own generator.

    >>> from rummykit import get_variant
    >>> state = get_variant("classic").new_game(players=2, seed=1)
    >>> view = state.view(state.current_player)
    >>> RandomAgent(seed=3).choose(view, view.legal_actions) in view.legal_actions
    True
    """

    def __init__(
        self, seed: int | None = None, *, rng: random.Random | None = None
    ) -> None:
        self.rng = rng if rng is not None else random.Random(seed)

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """Return a uniformly random member of ``legal``."""
        if not legal:
            raise InvalidOptionError(
                f"player {view.player} has no legal action to choose from"
            )
        return legal[self.rng.randrange(len(legal))]
