"""A Gymnasium environment: one seat against rummykit's bots.

>>> from rummykit.rl import SingleAgentEnv
>>> game = SingleAgentEnv("rumino", opponents="random")
>>> observation, info = game.reset(seed=3)
>>> action = int(observation["action_mask"].nonzero()[0][0])
>>> observation, reward, terminated, truncated, info = game.step(action)
>>> info["illegal_action"]
False
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, SupportsFloat, cast

import gymnasium
import numpy as np
import numpy.typing as npt

from rummykit.agents import Agent, GreedyAgent, RandomAgent
from rummykit.engine import Action, State
from rummykit.errors import InvalidOptionError
from rummykit.rl.aec import REWARDS, Observation, env, hand_rewards
from rummykit.rl.observations import ObservationEncoder
from rummykit.variants import Variant

__all__ = ["SingleAgentEnv"]


class SingleAgentEnv(gymnasium.Env[Observation, np.int64]):
    """One hand of ``variant``: the learner plays ``seat``, bots the others.

    ``opponents`` is ``"greedy"``, ``"random"`` or a sequence of
    :class:`~rummykit.agents.Agent` objects, one for each other seat.  The
    observation and action spaces are those of :func:`~rummykit.rl.env`.  An
    action id that is not legal changes nothing: the step returns
    ``illegal_reward`` and ``info["illegal_action"]`` is true (so samplers
    that ignore the mask, such as Gymnasium's checker, still run).
    :meth:`action_masks` gives the mask for maskable algorithms.

    >>> game = SingleAgentEnv("classic", players=3, opponents="greedy", seat=1)
    >>> int(game.action_space.n), game.observation_space["observation"].shape
    (2112, (722,))
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012

    state: State
    """The hand being played, hidden cards and all; set by :meth:`reset`."""

    def __init__(
        self,
        variant: str | Variant,
        *,
        opponents: str | Sequence[Agent] = "greedy",
        players: int = 2,
        seat: int = 0,
        reward: str = "points",
        illegal_reward: float = -1.0,
        max_actions: int = 5_000,
        render_mode: str | None = None,
        **options: object,
    ) -> None:
        if reward not in REWARDS:
            raise InvalidOptionError(
                f"reward must be one of {', '.join(REWARDS)}, not {reward!r}"
            )
        self._game = env(
            variant,
            players=players,
            reward=reward,
            max_actions=max_actions,
            **cast(dict[str, Any], options),
        )
        if not isinstance(seat, int) or not 0 <= seat < players:
            raise InvalidOptionError(
                f"seat must be a seat number 0..{players - 1}, not {seat!r}"
            )
        if isinstance(opponents, str):
            if opponents not in ("greedy", "random"):
                raise InvalidOptionError(
                    f"opponents must be 'greedy', 'random' or a list of agents, "
                    f"not {opponents!r}"
                )
        elif len(opponents) != players - 1:
            raise InvalidOptionError(
                f"opponents must hold {players - 1} agents, one for each other seat, "
                f"not {len(opponents)}"
            )
        self.opponents_kind = opponents
        self.rules = self._game.rules
        self.players = players
        self.seat = seat
        self.reward_kind = reward
        self.illegal_reward = illegal_reward
        self.max_actions = max_actions
        self.render_mode = render_mode
        self.codec = self._game.codec
        self.layout = self._game.layout
        self._encoder = ObservationEncoder(self.layout)
        # The learner's legal actions by id, and the state they belong to.
        self._legal: dict[int, Action] = {}
        self._legal_of: State | None = None
        self.observation_space = self._game.observation_space("player_0")
        self.action_space = self._game.action_space("player_0")
        self._bots: dict[int, Agent] = {}
        self._steps = 0

    if not TYPE_CHECKING:  # hidden from mypy, so a misspelt attribute is still an error

        def __getattr__(self, name: str) -> Any:
            """Only for attributes not set yet: ``state`` is set by ``reset()``."""
            if name == "state":
                raise AttributeError(
                    f"{type(self).__name__}.state is set by reset(): call "
                    "reset() before step(), action_masks() or render()"
                )
            raise AttributeError(
                f"{type(self).__name__!r} object has no attribute {name!r}"
            )

    def _make_bots(self, seed: int) -> dict[int, Agent]:
        others = [s for s in range(self.players) if s != self.seat]
        kind = self.opponents_kind
        if kind == "greedy":
            return {s: GreedyAgent() for s in others}
        if kind == "random":
            return {s: RandomAgent(seed=seed + s) for s in others}
        assert not isinstance(kind, str)
        return dict(zip(others, kind, strict=True))

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Deal a new hand and let the bots play up to the learner's turn.

        A hand that ends before the learner's first decision (the bots all
        drop, say) gives it nothing to decide, so it is dealt again.
        """
        super().reset(seed=seed)
        for _ in range(100):
            game_seed = int(self.np_random.integers(2**62))
            self._game.reset(seed=game_seed, options=options)
            self.state = self._game.state
            self._bots = self._make_bots(game_seed)
            self._encoder.reset()
            self._steps = 0
            self._play_bots()
            if not self.state.is_terminal:
                break
        return self._observation(), {"illegal_action": False}

    def _play_bots(self) -> None:
        state = self.state
        while (
            not state.is_terminal
            and state.current != self.seat
            and self._steps < self.max_actions
        ):
            view = state.view(state.current)
            state = state.apply(
                self._bots[state.current].choose(view, view.legal_actions)
            )
            self._steps += 1
        self.state = state

    def _legal_ids(self) -> dict[int, Action]:
        """The learner's legal actions by id now, worked out once per state
        (from the state, as the learner's view would list them)."""
        state = self.state
        if self._legal_of is not state:
            self._legal = (
                self.codec._legal_ids(
                    state.legal_actions(), state.table, state.wild_rank
                )
                if not state.is_terminal and state.current == self.seat
                else {}
            )
            self._legal_of = state
        return self._legal

    def _observation(self) -> Observation:
        return {
            # The vector of the learner's view, read from the state.
            "observation": self._encoder.encode_state(self.state, self.seat),
            "action_mask": self.action_masks(),
        }

    def action_masks(self) -> npt.NDArray[np.int8]:
        """The learner's action mask now (zeros once the hand is over)."""
        mask = bytearray(self.codec.size)
        for action_id in self._legal_ids():
            mask[action_id] = 1
        return np.frombuffer(mask, dtype=np.int8)

    def step(
        self, action: np.int64 | int
    ) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        """Apply the learner's ``action``, then the bots' moves up to its next turn."""
        if self.state.is_terminal or self._steps >= self.max_actions:
            # Gymnasium leaves a step after the end undefined: change nothing.
            return (
                self._observation(),
                0.0,
                self.state.is_terminal,
                (not self.state.is_terminal),
                {"illegal_action": False},
            )
        chosen = self._legal_ids().get(int(action))
        if chosen is None:
            return (
                self._observation(),
                self.illegal_reward,
                False,
                False,
                {"illegal_action": True},
            )
        self.state = self.state.apply(chosen)
        self._steps += 1
        self._play_bots()
        reward = 0.0
        terminated = self.state.is_terminal
        if terminated:
            reward = hand_rewards(self.state, self.reward_kind)[self.seat]
        truncated = not terminated and self._steps >= self.max_actions
        return (
            self._observation(),
            reward,
            terminated,
            truncated,
            {"illegal_action": False},
        )

    def render(self) -> str | None:  # type: ignore[override]
        """The learner's view as text."""
        view = self.state.view(self.seat)
        top = str(view.pile[-1]) if view.pile else "none"
        return (
            f"hand {' '.join(map(str, view.hand.cards))}; pile top {top}; "
            f"phase {view.phase.value}"
        )
