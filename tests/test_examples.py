"""The examples, the README and the docs show the documented public API.

``State.current`` is the engine's own field: it is meaningless once the hand
has ended, so what a reader copies should be ``current_player`` (``None``
once the hand is over) instead.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).parent.parent

# ``.current`` as a whole word: not ``.current_player``, not ``currentmodule``.
CURRENT = re.compile(r"\.current\b")


def _shown_to_readers() -> dict[Path, list[str]]:
    """Every line a reader sees: the examples, the README and the docs, and the
    doctest lines of the package's docstrings (which the reference shows)."""
    lines: dict[Path, list[str]] = {}
    for path in [
        *ROOT.glob("examples/*.py"),
        ROOT / "README.md",
        *ROOT.glob("docs/**/*.rst"),
    ]:
        lines[path] = path.read_text(encoding="utf-8").splitlines()
    for path in (ROOT / "src" / "rummykit").glob("**/*.py"):
        lines[path] = [
            line
            for line in path.read_text(encoding="utf-8").splitlines()
            if line.lstrip().startswith((">>>", "..."))
        ]
    return lines


def test_examples_and_docs_use_current_player_not_current() -> None:
    shown = _shown_to_readers()
    assert any(path.name == "game_loop.py" for path in shown)
    found = [
        f"{path.relative_to(ROOT)}: {line.strip()}"
        for path, lines in shown.items()
        for line in lines
        if CURRENT.search(line)
    ]
    assert found == []


def test_the_pattern_finds_the_field_and_not_current_player() -> None:
    assert CURRENT.search("view = state.view(state.current)")
    assert CURRENT.search("player = state.current")
    assert not CURRENT.search("view = state.view(state.current_player)")
    assert not CURRENT.search(".. currentmodule:: rummykit")
