"""Collection rules for the whole repository (doctests included).

Modules that need an optional extra are skipped where it is not installed,
instead of failing to import, as the plain ``.[test]`` install has none:
the web server's modules need the ``web`` extra (and its doctests a test
client), the learning environments the ``rl`` extra.
"""

from __future__ import annotations

import importlib.util


def _missing(*modules: str) -> bool:
    return any(importlib.util.find_spec(module) is None for module in modules)


collect_ignore: list[str] = []
if _missing("starlette", "uvicorn") or (_missing("httpx2") and _missing("httpx")):
    collect_ignore.append("src/rummykit/web/app.py")
if _missing("numpy", "gymnasium", "pettingzoo"):
    collect_ignore += [
        "src/rummykit/rl/aec.py",
        "src/rummykit/rl/observations.py",
        "src/rummykit/rl/single.py",
    ]
