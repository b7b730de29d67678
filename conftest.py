"""Collection settings for the whole repository.

The doctests of modules that need an optional extra are skipped where the
extra is not installed (``pytest --doctest-modules`` would fail to import
them otherwise).
"""

from __future__ import annotations

import importlib.util

collect_ignore: list[str] = []


def _installed(*modules: str) -> bool:
    return all(importlib.util.find_spec(module) is not None for module in modules)


if not _installed("numpy", "gymnasium", "pettingzoo"):
    collect_ignore += [
        "src/rummykit/rl/aec.py",
        "src/rummykit/rl/observations.py",
        "src/rummykit/rl/single.py",
    ]
