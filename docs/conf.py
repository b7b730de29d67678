"""Sphinx configuration for the rummykit documentation.

Build it with warnings as errors and every cross-reference checked, as CI does::

    sphinx-build -W -n -b html docs docs/_build/html
    sphinx-build -W -n -b doctest docs docs/_build/doctest

The build needs no network: see "Intersphinx" below.
"""

from __future__ import annotations

import doctest
import importlib
import os
from importlib.metadata import version as _distribution_version
from typing import Any

# -- Project -----------------------------------------------------------------

project = "rummykit"
author = "The rummykit developers"
copyright = "the rummykit developers"
# The installed distribution is the single source of the version.
release = _distribution_version("rummykit")
version = ".".join(release.split(".")[:2])

# -- General -----------------------------------------------------------------

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "sphinx.ext.intersphinx",
    "sphinx.ext.viewcode",
]

root_doc = "index"
exclude_patterns = ["_build", "Thumbs.db", ".DS_Store"]
nitpicky = True  # the same as -n: every cross-reference must resolve

# -- autodoc -----------------------------------------------------------------

autodoc_member_order = "bysource"
autodoc_default_options = {"members": True}
# The source modules use ``from __future__ import annotations``; autodoc
# evaluates those strings, so signatures show real, linked types.  The
# signatures are short, so the types read best where they are declared.
autodoc_typehints = "signature"
autodoc_typehints_format = "short"
python_use_unqualified_type_names = True
# Classes are documented under the names users import (``rummykit.Card``);
# autodoc records each one's home module (``rummykit.cards.Card``) as its
# canonical name, so references to either resolve.
add_module_names = False

# -- Intersphinx -------------------------------------------------------------
#
# CI builds without network access, and under -W a failed inventory fetch is
# an error.  So no remote inventory is used by default: references to the
# standard library are listed in ``nitpick_ignore`` below instead.  Set
# RUMMYKIT_DOCS_INTERSPHINX=1 to link to the Python and attrs docs in a build
# that can reach them.

intersphinx_mapping: dict[str, tuple[str, str | None]] = {}
if os.environ.get("RUMMYKIT_DOCS_INTERSPHINX") == "1":
    intersphinx_mapping = {
        "python": ("https://docs.python.org/3", None),
        "attrs": ("https://www.attrs.org/en/stable", None),
    }

# Standard-library classes that appear in signatures through type hints.  They
# cannot resolve without the Python inventory (see above).  Sphinx already
# accepts builtins such as ``str`` and the names of ``typing`` by itself, so
# only other standard-library names belong here: add each one as a signature
# first needs it (``collections.abc.Sequence``, ``random.Random``, ...).
nitpick_ignore = [
    ("py:class", "decimal.Decimal"),
    ("py:mod", "decimal"),
    ("py:class", "collections.abc.Callable"),
    ("py:class", "collections.abc.Iterable"),
    ("py:class", "collections.abc.Iterator"),
    ("py:class", "collections.abc.Mapping"),
    ("py:class", "collections.abc.Sequence"),
    ("py:class", "random.Random"),
    ("py:class", "secrets.SystemRandom"),
    ("py:class", "pathlib.Path"),
    # The web server's signatures name its framework's classes.
    ("py:class", "starlette.applications.Starlette"),
    ("py:class", "starlette.websockets.WebSocket"),
    # The item type of a History, a type variable with no page of its own.
    ("py:class", "rummykit.engine.history.T"),
]

# -- doctest -----------------------------------------------------------------
#
# The doctest builder runs the ``>>>`` examples of these pages and of every
# docstring autodoc pulls in.  Docstring examples rely on their module's names,
# as ``pytest --doctest-modules`` provides them, so import the public API, and
# what the variants' modules use in their examples (``random``, the engine's
# actions such as ``Show``).

doctest_global_setup = """
import random
from rummykit import *
from rummykit.engine import *
from rummykit.rl.actions import *
from rummykit.simulation import *
"""
# As pytest is configured (pyproject.toml), and exception messages are checked
# in full: they are part of rummykit's contract.
doctest_default_flags = (
    doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE | doctest.DONT_ACCEPT_TRUE_FOR_1
)

# -- HTML --------------------------------------------------------------------

html_theme = "furo"
html_title = f"rummykit {release}"
html_static_path: list[str] = []


# -- References by home module -----------------------------------------------
#
# autodoc records a class's home module as its canonical name, but not a
# function's or a method's: ``rummykit.deadwood`` is documented, and a
# docstring that says :func:`~rummykit.partition.deadwood` (its home module)
# would not resolve.  This resolves such a reference to the documented name
# when both name the very same object.


def _import_path(path: str) -> object:
    """The object at a dotted ``path``, or ``_MISSING`` if there is none."""
    parts = path.split(".")
    for end in range(len(parts), 0, -1):
        try:
            found: object = importlib.import_module(".".join(parts[:end]))
        except ImportError:
            continue
        for name in parts[end:]:
            found = getattr(found, name, _MISSING)
        return found
    return _MISSING


_MISSING = object()


def _resolve_home_module(app: Any, env: Any, node: Any, contnode: Any) -> Any:
    if node.get("refdomain") != "py":
        return None
    target = node.get("reftarget", "")
    parts = target.split(".")
    if len(parts) < 3 or parts[0] != "rummykit":
        return None
    domain = env.get_domain("py")
    wanted = _import_path(target)
    if wanted is _MISSING:
        return None
    for start in range(2, len(parts)):
        alias = ".".join(["rummykit", *parts[start:]])
        if alias in domain.objects and _import_path(alias) is wanted:
            return domain.resolve_xref(
                env, node["refdoc"], app.builder, node["reftype"], alias, node, contnode
            )
    return None


def setup(app: Any) -> None:
    app.connect("missing-reference", _resolve_home_module)
