"""Bots: agents that choose an action from a player's view and the legal actions.

An agent is given only what its seat may see, never a
:class:`~rummykit.engine.State`.  That keeps honest bots honest; it is not a
security boundary, since code in the game's process can reach the whole
state.  Run untrusted bots in their own process with :class:`ProcessAgent`.

>>> from rummykit import get_variant
>>> from rummykit.agents import GreedyAgent, RandomAgent, play_hand
>>> state = play_hand(get_variant("classic"), [GreedyAgent(), RandomAgent(seed=1)], seed=4)
>>> state.is_terminal
True
"""

from rummykit.agents.base import MATCH_HAND_LIMIT, Agent, play_hand, play_match
from rummykit.agents.greedy import GreedyAgent
from rummykit.agents.process import ProcessAgent
from rummykit.agents.random_agent import RandomAgent

__all__ = [
    "MATCH_HAND_LIMIT",
    "Agent",
    "GreedyAgent",
    "ProcessAgent",
    "RandomAgent",
    "play_hand",
    "play_match",
]
