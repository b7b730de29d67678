"""A PettingZoo AEC environment for one hand of any variant.

>>> from rummykit.rl import env
>>> game = env("classic", players=2)
>>> game.reset(seed=1)
>>> agent = game.agent_selection
>>> observation, reward, terminated, truncated, info = game.last()
>>> sorted(observation), observation["action_mask"].nonzero()[0].tolist()
(['action_mask', 'observation'], [0, 1])
>>> game.step(0)  # draw from the stock
>>> game.agent_selection == agent
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv

from rummykit.cards import Card
from rummykit.engine import Action, PlayerView, State
from rummykit.errors import IllegalActionError, InvalidOptionError, InvalidStateError
from rummykit.rl.actions import ActionCodec, codec_for
from rummykit.rl.observations import ObservationEncoder, ObservationLayout
from rummykit.variants import Variant, get_variant

__all__ = ["REWARDS", "RummyEnv", "env", "hand_rewards"]

#: The reward options: net points settled in the hand, or money.
REWARDS = ("points", "money")

Observation = dict[str, npt.NDArray[Any]]


def hand_rewards(state: State, reward: str = "points") -> tuple[float, ...]:
    """Each seat's reward for the finished hand of ``state``.

    ``"points"``: the points the seat was paid minus the points it paid in
    the hand's payments; a variant that settles no payments in a hand (Rumino
    keeps running scores) gives minus the seat's hand points instead.
    ``"money"``: what the seat gained or lost in money, rake deducted.

    >>> from rummykit import get_variant
    >>> from rummykit.agents import RandomAgent, play_hand
    >>> state = play_hand(get_variant("classic"), [RandomAgent(seed=0)] * 2, seed=2)
    >>> sum(hand_rewards(state))
    0.0
    """
    outcome = state.outcome
    if outcome is None:
        raise InvalidStateError("the hand is not over, so it has no rewards yet")
    players = len(outcome.points)
    if reward == "money":
        return tuple(float(outcome.money_for(seat)) for seat in range(players))
    if reward != "points":
        raise InvalidOptionError(
            f"reward must be one of {', '.join(REWARDS)}, not {reward!r}"
        )
    if not outcome.payments:
        return tuple(-float(points) for points in outcome.points)
    net = [0.0] * players
    for payment in outcome.payments:
        net[payment.payee] += payment.points
        net[payment.payer] -= payment.points
    return tuple(net)


_SEED_BOUND = 2**63
"""Each hand's deal seed is below it."""

#: What reset() sets: the hand, the acting agent and PettingZoo's per-hand
#: dictionaries, by attribute and the name an error gives.  The hand is
#: ``_state``, read through the ``state`` property; a property that raises
#: AttributeError hands over to __getattr__ with its own name, so both are here.
_SET_BY_RESET = {
    "_state": "state",
    "state": "state",
    "agent_selection": "agent_selection",
    "rewards": "rewards",
    "_cumulative_rewards": "_cumulative_rewards",
    "terminations": "terminations",
    "truncations": "truncations",
    "infos": "infos",
}


class RummyEnv(AECEnv):  # type: ignore[type-arg]
    """One hand of ``rules`` for ``players`` agents, ``"player_0"`` onwards.

    Agent ``"player_i"`` plays seat ``i``.  Each observation is a dict:
    ``"observation"`` (see :class:`~rummykit.rl.ObservationLayout`) and
    ``"action_mask"`` (int8, one entry per action id, 1 where legal; all
    zeros for an agent whose decision is not pending).  Rewards come at the
    end of the hand (see :func:`hand_rewards`); a hand still running after
    ``max_actions`` steps is truncated.  ``raw_view=True`` also puts each
    agent's :class:`~rummykit.engine.PlayerView` in its info under
    ``"view"``; :meth:`view` gives it at any time.

    >>> from rummykit import get_variant
    >>> game = RummyEnv(get_variant("rumino"), players=3)
    >>> game.possible_agents, int(game.action_space("player_0").n)
    (['player_0', 'player_1', 'player_2'], 220)
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo's convention
        "name": "rummykit_v0",
        "render_modes": ["human", "ansi"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        rules: Variant,
        *,
        players: int = 2,
        reward: str = "points",
        max_actions: int = 5_000,
        raw_view: bool = False,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if reward not in REWARDS:
            raise InvalidOptionError(
                f"reward must be one of {', '.join(REWARDS)}, not {reward!r}"
            )
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise InvalidOptionError(
                f"render_mode must be one of {self.metadata['render_modes']}, "
                f"not {render_mode!r}"
            )
        self.rules = rules
        self.players = players
        self.reward_kind = reward
        self.max_actions = max_actions
        self.raw_view = raw_view
        self.render_mode = render_mode
        self.codec: ActionCodec = codec_for(rules, players)
        self.layout = ObservationLayout(players)
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self.agents = list(self.possible_agents)
        deck = getattr(rules, "deck", None)
        high = float(deck.size if deck is not None else 108)
        observation_space = spaces.Dict(
            {
                "observation": spaces.Box(
                    0.0, high, shape=(self.layout.size,), dtype=np.float32
                ),
                "action_mask": spaces.Box(
                    0, 1, shape=(self.codec.size,), dtype=np.int8
                ),
            }
        )
        action_space = spaces.Discrete(self.codec.size)
        self.observation_spaces = dict.fromkeys(self.possible_agents, observation_space)
        self.action_spaces = dict.fromkeys(self.possible_agents, action_space)
        self._seeds = random.Random()
        # The generator each hand is dealt with, seeded again at every reset:
        # the same numbers as a new random.Random(seed), without making one.
        self._deal_rng = random.Random()
        self._legal: dict[int, Action] = {}
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._steps = 0
        # One view per seat and state: the state a cached view belongs to.
        self._views: dict[int, PlayerView] = {}
        self._views_of: State | None = None
        self._encoders = [ObservationEncoder(self.layout) for _ in range(players)]

    # -- spaces --------------------------------------------------------------------

    if not TYPE_CHECKING:  # hidden from mypy, so a misspelt attribute is still an error

        def __getattr__(self, name: str) -> Any:
            """Only for attributes not set yet: say that ``reset()`` sets the
            hand's (instead of a bare "no attribute" from ``step`` or ``last``)."""
            public = _SET_BY_RESET.get(name)
            if public is not None:
                raise AttributeError(
                    f"{type(self).__name__}.{public} is set by reset(): call "
                    "reset() before step(), last(), observe() or agent_iter()"
                )
            raise AttributeError(
                f"{type(self).__name__!r} object has no attribute {name!r}"
            )

    @property
    def state(self) -> State:  # type: ignore[override]
        """The hand being played, hidden cards and all (for analysis and
        tests; agents see :meth:`observe` or :meth:`view`).

        It replaces PettingZoo's ``state()`` method, which rummykit does not
        offer (no global-state vector).

        :raises AttributeError: before :meth:`reset`, which deals the hand.
        """
        return self._state

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same for every agent)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent``: ``Discrete(codec.size)``."""
        return self.action_spaces[agent]

    # -- the loop ------------------------------------------------------------------

    def reset(
        self, seed: int | None = None, options: Mapping[str, Any] | None = None
    ) -> None:
        """Deal a new hand; the same ``seed`` deals the same hand.

        ``options`` may hold ``"deck"`` (the full deck in dealing order, as
        cards or notation, to replay a real deal) and ``"dealer"``; other keys
        are ignored, as PettingZoo expects.
        """
        seeds = self._seeds
        if seed is not None:
            # Seeding again gives what a new random.Random(seed) would.
            seeds.seed(seed)
        deck = dealer = None
        if options:
            deck = options.get("deck")
            dealer = options.get("dealer")
        # randrange(2**63), as Random draws it: 64 bits until one is below.
        game_seed = seeds.getrandbits(64)
        while game_seed >= _SEED_BOUND:
            game_seed = seeds.getrandbits(64)
        if deck is not None:
            cards = [
                card if isinstance(card, Card) else Card.parse(card) for card in deck
            ]
            state: State = self.rules.new_game(
                players=self.players, deck=cards, dealer=dealer
            )
        else:
            deal_rng = self._deal_rng
            deal_rng.seed(game_seed)
            state = self.rules.new_game(
                players=self.players, rng=deal_rng, dealer=dealer
            )
        self._state = state
        self._steps = 0
        for encoder in self._encoders:
            encoder.reset()
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        # PettingZoo's dead-agent steps read it with getattr(..., None), which
        # would go through __getattr__'s error path at every end of a hand.
        self._skip_agent_selection = None
        self._after_move()

    def _after_move(self) -> None:
        state = self._state
        if state.is_terminal:
            for agent, value in zip(
                self.possible_agents,
                hand_rewards(state, self.reward_kind),
                strict=True,
            ):
                self.rewards[agent] = value
                self.terminations[agent] = True
            self._legal = {}
        elif self._steps >= self.max_actions:
            for agent in self.agents:
                self.truncations[agent] = True
            self._legal = {}
        else:
            seat = state.current
            self.agent_selection = self.possible_agents[seat]
            # From the state, as the seat's view would list them: a view is
            # only built when one is asked for (raw_view, view()).
            self._legal = self.codec._legal_ids(
                state.legal_actions(), state.table, state.wild_rank
            )
        if self.raw_view:
            for seat, agent in enumerate(self.possible_agents):
                if agent in self.infos:
                    self.infos[agent] = {"view": self._view(seat)}

    def _view(self, seat: int) -> PlayerView:
        """``seat``'s view of the current state, built once per state."""
        state = self._state
        if self._views_of is not state:
            self._views = {}
            self._views_of = state
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = state.view(seat)
        return view

    def step(self, action: int | np.integer[Any] | None) -> None:
        """Apply the action with id ``action`` for the agent whose turn it is.

        :raises IllegalActionError: for an id that names no legal action.
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalActionError(
                None, f"{agent} must act; None is for finished agents"
            )
        action_id = int(action)
        chosen = self._legal.get(action_id)
        if chosen is None:
            raise IllegalActionError(
                self.codec.describe(action_id)
                if 0 <= action_id < self.codec.size
                else action,
                f"action id {action_id} is not legal for {agent} now",
            )
        self._cumulative_rewards[agent] = 0.0
        # Rewards are only ever set when the hand ends (in _after_move), so
        # before this step they are all zero and only the last step has any
        # to add up.
        self._state = self._state.apply(chosen)
        self._steps += 1
        self._after_move()
        if self.terminations[agent] or self.truncations[agent]:
            self.agent_selection = self.possible_agents[
                (self._seats[agent] + 1) % self.players
            ]
            self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> Observation:
        """``agent``'s observation: its vector and its action mask."""
        seat = self._seats[agent]
        state = self._state
        # A bytearray filled in Python and wrapped by numpy without a copy:
        # cheaper than numpy calls for the few ids a decision has.
        mask = bytearray(self.codec.size)
        if (
            seat == state.current_player
            and agent in self.agents
            and not (self.terminations[agent] or self.truncations[agent])
        ):
            for action_id in self._legal:
                mask[action_id] = 1
        return {
            # The vector of the seat's view, read from the state: building
            # the view at every step cost more than encoding it.
            "observation": self._encoders[seat].encode_state(state, seat),
            "action_mask": np.frombuffer(mask, dtype=np.int8),
        }

    def view(self, agent: str) -> PlayerView:
        """``agent``'s raw :class:`~rummykit.engine.PlayerView`."""
        return self._view(self._seats[agent])

    def action_mask(self, agent: str) -> npt.NDArray[np.int8]:
        """``agent``'s action mask (see :meth:`observe`)."""
        return self.observe(agent)["action_mask"]

    def legal_actions(self) -> dict[int, Action]:
        """The legal actions of the agent to act, by id."""
        return dict(self._legal)

    def render(self) -> str | None:
        """The hand as text: the table, the pile's top and whose turn it is."""
        state = self._state
        lines = [f"phase {state.phase.value}, stock {len(state.stock)}"]
        if state.pile:
            lines.append(f"pile top {state.pile[-1]}")
        for index, placed in enumerate(state.table):
            lines.append(f"meld {index}: {placed}")
        if state.outcome is not None:
            lines.append(state.outcome.note or state.outcome.termination.value)
        else:
            lines.append(f"{self.agent_selection} to act")
        text = "\n".join(lines)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


def env(
    variant: str | Variant,
    *,
    players: int = 2,
    reward: str = "points",
    max_actions: int = 5_000,
    raw_view: bool = False,
    render_mode: str | None = None,
    **options: object,
) -> RummyEnv:
    """A PettingZoo AEC environment for one hand of ``variant``.

    ``variant`` is a name (with ``options`` for :func:`~rummykit.get_variant`,
    presets included) or a variant object.

    >>> game = env("indian", preset="standard", players=3)
    >>> game.reset(seed=7)
    >>> game.num_agents, game.rules.cap
    (3, 80)
    """
    if isinstance(variant, str):
        rules: Variant = get_variant(variant, **options)
    elif options:
        raise InvalidOptionError(
            "pass options with a variant name, not with a variant object"
        )
    else:
        rules = variant
    return RummyEnv(
        rules,
        players=players,
        reward=reward,
        max_actions=max_actions,
        raw_view=raw_view,
        render_mode=render_mode,
    )


def legal_mask(codec: ActionCodec, ids: Sequence[int]) -> npt.NDArray[np.int8]:
    """A mask of ``codec.size`` with ones at ``ids``.

    >>> from rummykit import get_variant
    >>> legal_mask(codec_for(get_variant("rumino")), [1]).sum()
    np.int64(1)
    """
    mask = np.zeros(codec.size, dtype=np.int8)
    mask[list(ids)] = 1
    return mask
