"""Test-wide settings: hypothesis profiles and the ``slow`` marker (declared
in pyproject.toml).

See :mod:`tests.profiles` for what the ``fast`` (default) and ``deep``
profiles do; pick one with ``RUMMYKIT_TEST_PROFILE``.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, settings

from tests.profiles import DEEP, PROFILE, examples

settings.register_profile(
    "fast",
    max_examples=examples(100),
    derandomize=True,
    database=None,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "deep",
    max_examples=examples(100),
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(PROFILE)


def pytest_collection_modifyitems(
    config: pytest.Config, items: list[pytest.Item]
) -> None:
    if DEEP:
        return
    skip = pytest.mark.skip(reason="slow: runs with RUMMYKIT_TEST_PROFILE=deep")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)
