"""How hard the tests search: the ``fast`` default or the ``deep`` profile.

The environment variable ``RUMMYKIT_TEST_PROFILE`` picks the profile:

- ``fast`` (the default): hypothesis is derandomised and keeps no example
  database, so every run of the same code tries the same examples and a first
  run cannot fail by chance; property tests try a fraction of their deep
  counts, and tests marked ``slow`` are skipped.
- ``deep``: hypothesis searches at random with many more examples, and the
  ``slow`` tests run.  CI runs this profile as well as the default, with
  pytest's ``--hypothesis-seed`` fixed so that its run can be repeated.

``tests/conftest.py`` registers and loads the hypothesis profiles; the tests
ask :func:`examples` how many examples a property gets.
"""

from __future__ import annotations

import os

PROFILES = ("fast", "deep")

PROFILE = os.environ.get("RUMMYKIT_TEST_PROFILE", "fast")
if PROFILE not in PROFILES:
    raise ValueError(
        f"RUMMYKIT_TEST_PROFILE must be one of {', '.join(PROFILES)}, not {PROFILE!r}"
    )

DEEP = PROFILE == "deep"
"""Whether the wide search runs."""

#: Share of a property's deep example count it gets in each profile.
_SCALE = {"fast": 0.25, "deep": 2.5}


def examples(count: int, *, fast: int | None = None) -> int:
    """The examples a property test gets in this profile, for a test that asks
    for ``count`` as its ordinary amount: a quarter in ``fast`` (at least 10),
    two and a half times as many in ``deep``.

    ``fast`` replaces the quarter for a property whose examples are costly, so
    that the default run stays quick while the deep one still searches widely.
    """
    if fast is not None and not DEEP:
        return fast
    return max(10, round(count * _SCALE[PROFILE]))
