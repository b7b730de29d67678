"""What the web tests need, found or skipped with a reason.

Without the ``web`` extra, a test client or a browser, the web tests are
skipped with a reason saying what is missing.  ``.ci/run`` installs all of
them and sets ``RUMMYKIT_REQUIRE_BROWSER=1``, which turns each such skip
into a failure.
"""

from __future__ import annotations

import functools
import importlib.util
import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

REQUIRED = os.environ.get("RUMMYKIT_REQUIRE_BROWSER", "") not in ("", "0")
BROWSER_DIR = Path(__file__).resolve().parent.parent / ".ci" / "browser"


def missing(reason: str) -> None:
    """Skip the test, or fail it where the browser tests are required."""
    if REQUIRED:
        pytest.fail(f"{reason} (RUMMYKIT_REQUIRE_BROWSER is set)")
    pytest.skip(reason, allow_module_level=True)


def need(*modules: str) -> None:
    """Skip (or fail) unless every module can be imported."""
    absent = [m for m in modules if importlib.util.find_spec(m) is None]
    if absent:
        missing(f"needs {', '.join(absent)}: python -m pip install -e '.[web-test]'")


@functools.cache
def _chromium() -> dict[str, Any] | str:
    path = os.environ.get("RUMMYKIT_CHROMIUM")
    if path:
        return {"path": path, "args": ["--no-sandbox", "--headless=new"]}
    if not (BROWSER_DIR / "node_modules" / "@sparticuz" / "chromium").is_dir():
        return "no browser: run .ci/browser/fetch (needs npm) to install Chromium"
    node = shutil.which("node")
    if node is None:
        return "no browser: node is needed to unpack @sparticuz/chromium"
    try:
        text = subprocess.run(
            [node, "chromium.mjs"],
            cwd=BROWSER_DIR,
            check=True,
            capture_output=True,
            text=True,
            timeout=120,
        ).stdout
    except (OSError, subprocess.SubprocessError) as error:
        return f"no browser: unpacking Chromium failed: {error}"
    found: dict[str, Any] = json.loads(text)
    # One process for the whole browser dies with its first closed context.
    found["args"] = [arg for arg in found["args"] if arg != "--single-process"]
    return found


def chromium() -> dict[str, Any]:
    """The Chromium to launch: ``{"path": ..., "args": [...]}``, or skip."""
    found = _chromium()
    if isinstance(found, str):
        missing(found)
        raise AssertionError("unreachable")
    return found
