"""Collection rules for the whole repository (doctests included).

The web server's modules need the ``web`` extra (and its doctests a test
client); without them pytest skips those modules instead of failing to
import them, as the plain ``.[test]`` install has neither.
"""

from __future__ import annotations

import importlib.util


def _missing(*modules: str) -> bool:
    return any(importlib.util.find_spec(module) is None for module in modules)


collect_ignore: list[str] = []
if _missing("starlette", "uvicorn") or (_missing("httpx2") and _missing("httpx")):
    collect_ignore.append("src/rummykit/web/app.py")
