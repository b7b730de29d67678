"""Environments for learning agents: PettingZoo and Gymnasium (extra ``rl``).

:mod:`rummykit.rl.actions` (the action ids) needs nothing beyond rummykit;
the environments need the ``rl`` extra (``pip install 'rummykit[rl]'``),
and are imported on first use, so ``import rummykit.rl`` stays light.

>>> from rummykit.rl import ActionCodec
>>> from rummykit import get_variant
>>> ActionCodec(get_variant("rumino")).size
220
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from rummykit.rl.actions import (
    ActionCodec,
    Section,
    UnencodableActionError,
    action_to_id,
    codec_for,
    id_to_action,
)

if TYPE_CHECKING:  # pragma: no cover
    from rummykit.rl.aec import RummyEnv, env, hand_rewards
    from rummykit.rl.observations import ObservationEncoder, ObservationLayout
    from rummykit.rl.single import SingleAgentEnv

__all__ = [
    "ActionCodec",
    "ObservationEncoder",
    "ObservationLayout",
    "RummyEnv",
    "Section",
    "SingleAgentEnv",
    "UnencodableActionError",
    "action_to_id",
    "codec_for",
    "env",
    "hand_rewards",
    "id_to_action",
]

_LAZY = {
    "RummyEnv": "rummykit.rl.aec",
    "env": "rummykit.rl.aec",
    "hand_rewards": "rummykit.rl.aec",
    "ObservationEncoder": "rummykit.rl.observations",
    "ObservationLayout": "rummykit.rl.observations",
    "SingleAgentEnv": "rummykit.rl.single",
}


def __getattr__(name: str) -> Any:
    """Import the environments on first use, with a clear error without the extra."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'rummykit.rl' has no attribute {name!r}")
    try:
        return getattr(importlib.import_module(module), name)
    except ImportError as error:
        raise ImportError(
            f"rummykit.rl.{name} needs the 'rl' extra (pettingzoo, gymnasium): "
            f"pip install 'rummykit[rl]' ({error})"
        ) from error
